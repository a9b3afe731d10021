import { useState, type FormEvent } from 'react';
import { PAY_TOKEN } from '@prds/shared/chains';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { type LicenseView } from '@prds/shared/licenses';
import { queryKeys } from '@prds/shared/query';
import { Button, Modal, Muted, Usdt } from '@prds/shared/ui';
import { TransactionStatus, type TransactionControls } from '@prds/shared/wallet';
import { PRICE_MAX, PRICE_MIN, validatePrice } from '../common/amountInput';
import { DialogForm } from '../common/dialogParts';
import { LicenseTitle } from '../common/LicenseFacts';
import { PRICE_ERROR_MESSAGE } from '../common/licenseMessages';
import { NumberField } from '../common/NumberField';

/** 'Between 0.0001 USDT and 1,000,000,000 USDT, up to 4 decimals': the bounds a price field shows. */
export function PriceBounds() {
  return (
    <FormattedMessage
      id="license.price.bounds"
      values={{ min: <Usdt wei={PRICE_MIN} />, max: <Usdt wei={PRICE_MAX} />, decimals: 4 }}
    />
  );
}

export interface ListingDialogProps {
  readonly license: LicenseView;
  /** The card's transaction for this flow: its progress stays on the card once the dialog closes. */
  readonly tx: TransactionControls;
  readonly onClose: () => void;
}

/**
 * Sell: a valid price is asked for (spec §5) with its bounds shown; an empty, zero, negative, malformed
 * or too precise price is named and nothing is sent. Listing puts the License in the marketplace's
 * escrow (the wallet first lets the marketplace hold it, once).
 */
export function SellDialog({ license, tx, onClose }: ListingDialogProps) {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const format = useFormat();
  const check = validatePrice(format.normalizeInput(text));
  const problem = !check.ok && (check.error !== 'empty' || submitted) ? check.error : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok || tx.busy) return;
    // A new attempt: the last one's outcome goes, so it is never read as this one's.
    tx.reset();
    const result = await tx.run({
      contract: 'licenseMarketplace',
      fn: 'listForSale',
      args: [BigInt(license.tokenId), check.wei],
      approve: { nft: 'license' },
      invalidate: [queryKeys.licenses],
    });
    if (result.ok) onClose();
  };

  return (
    <Modal
      title={<FormattedMessage id="license.sell.title" />}
      onClose={onClose}
      data-testid="license-sell-dialog"
      closeTestId="license-dialog-close"
    >
      <DialogForm noValidate onSubmit={(event) => void onSubmit(event)}>
        <LicenseTitle license={license} />
        <NumberField
          label={<FormattedMessage id="license.sell.price" values={{ symbol: PAY_TOKEN.symbol }} />}
          hint={<PriceBounds />}
          value={text}
          onChange={setText}
          decimal
          error={problem === null ? null : <FormattedMessage {...PRICE_ERROR_MESSAGE[problem]} values={{ decimals: 4 }} />}
          errorKind={problem ?? undefined}
          testId="license-sell-price"
        />
        <Muted>
          <FormattedMessage id="license.sell.note" />
        </Muted>
        <Button type="submit" size="lg" block loading={tx.busy} data-testid="license-sell-confirm">
          <FormattedMessage id="license.sell.confirm" />
        </Button>
        <TransactionStatus state={tx.state} />
      </DialogForm>
    </Modal>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from '@prds/shared/i18n';
import { type LicenseView } from '@prds/shared/licenses';
import { queryKeys } from '@prds/shared/query';
import { paths } from '@prds/shared/routes';
import { Button, ErrorText, Modal, Muted, TopUpLink, Usdt } from '@prds/shared/ui';
import { TransactionStatus, readContract, useTransaction, usePayBalance } from '@prds/shared/wallet';
import { validateCount } from '../common/amountInput';
import { DialogForm, Total } from '../common/dialogParts';
import { Facts } from '../common/Facts';
import { LicenseProperties, LicenseTitle } from '../common/LicenseFacts';
import { COUNT_ERROR_MESSAGE, RENT_TX_MESSAGES } from '../common/licenseMessages';
import { NumberField } from '../common/NumberField';
import { rentQuote } from './rentQuote';

/**
 * Rent a License for N days: the total (price per day × days) is shown before anything is signed,
 * and `LicenseMarketplace.rent(tokenId, days, pricePerDay)` refuses a changed price.
 */
export function RentDialog({ license, onClose }: { license: LicenseView; onClose: () => void }) {
  const balance = usePayBalance();
  const tx = useTransaction(RENT_TX_MESSAGES);
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [short, setShort] = useState(false);
  // The price per day this dialog rents at: the listing's as shown, then the chain's after a refusal; null once it is gone.
  const [pricePerDay, setPricePerDay] = useState<bigint | null>(
    license.rentPricePerDay === null ? null : BigInt(license.rentPricePerDay),
  );
  const [changed, setChanged] = useState(false);
  const maxDays = license.rentMaxDays ?? 0;
  const check = validateCount(text, 1, maxDays);
  const quote =
    check.ok && pricePerDay !== null ? rentQuote({ ...license, rentPricePerDay: pricePerDay.toString() }, check.value) : null;
  const done = tx.state?.phase === 'confirmed';
  const problem = !check.ok && (check.error !== 'empty' || submitted) ? check.error : null;

  const rent = async () => {
    setSubmitted(true);
    if (!check.ok || quote === null || pricePerDay === null) return;
    if (balance !== null && balance < quote.cost) {
      setShort(true);
      return;
    }
    setShort(false);
    const tokenId = BigInt(license.tokenId);
    // A new attempt: the last one's outcome goes, so it is never read as this one's.
    tx.reset();
    const result = await tx.run({
      contract: 'licenseMarketplace',
      fn: 'rent',
      args: [tokenId, check.value, pricePerDay],
      approve: { token: 'payToken', amount: quote.cost },
      invalidate: [queryKeys.licenses],
    });
    if (result.phase !== 'failed') return;
    try {
      const now = await readContract('licenseMarketplace', 'rentListing', [tokenId]);
      const listed = BigInt(now.owner) === 0n ? null : now.pricePerDay;
      setChanged(listed !== pricePerDay);
      setPricePerDay(listed);
    } catch {
      // The chain cannot be read now: the refusal's message stands, and the listing refreshes from the api.
    }
  };

  return (
    <Modal
      title={<FormattedMessage id="license.market.rentTitle" />}
      onClose={onClose}
      data-testid="license-rent-dialog"
      closeTestId="license-dialog-close"
    >
      <DialogForm
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!done) void rent();
        }}
      >
        <LicenseTitle license={license} />
        <Facts
          facts={[
            {
              key: 'pricePerDay',
              label: <FormattedMessage id="license.market.pricePerDay" />,
              value: <Usdt wei={pricePerDay} />,
            },
            {
              key: 'availableTimes',
              label: <FormattedMessage id="license.item.availableTimes" />,
              value: license.availableTimes,
            },
            { key: 'balance', label: <FormattedMessage id="license.balance" />, value: <Usdt wei={balance} /> },
          ]}
        />
        <LicenseProperties properties={license.properties} />
        <NumberField
          label={<FormattedMessage id="license.market.rentDays" />}
          hint={<FormattedMessage id="license.market.rentDaysHint" values={{ max: maxDays }} />}
          value={text}
          onChange={(value) => {
            setText(value);
            setShort(false);
          }}
          error={
            problem === null ? null : <FormattedMessage {...COUNT_ERROR_MESSAGE[problem]} values={{ min: 1, max: maxDays }} />
          }
          errorKind={problem ?? undefined}
          testId="license-rent-days"
        />
        <Total data-testid="license-rent-total" data-value={quote?.cost.toString() ?? ''} aria-live="polite">
          <FormattedMessage id="license.market.rentTotal" />
          <strong>{quote === null ? '--' : <Usdt wei={quote.cost} />}</strong>
        </Total>
        {quote !== null && (
          <Muted data-testid="license-rent-terms">
            <FormattedMessage id="license.market.rentTerms" values={{ days: check.ok ? check.value : 0, issues: quote.issues }} />
          </Muted>
        )}
        {changed && (
          <Muted role="status" data-testid="license-rent-changed">
            {pricePerDay === null ? (
              <FormattedMessage id="license.revert.notForRent" />
            ) : (
              <FormattedMessage id="license.market.pricePerDayNow" values={{ price: <Usdt wei={pricePerDay} /> }} />
            )}
          </Muted>
        )}
        {short && (
          <ErrorText role="alert" data-testid="license-rent-error">
            <FormattedMessage id="license.error.insufficientBalance" /> <TopUpLink />
          </ErrorText>
        )}
        {done ? (
          <Link to={paths.nftMine()} data-testid="license-see-mine">
            <FormattedMessage id="license.market.seeMine" />
          </Link>
        ) : (
          <Button
            type="submit"
            size="lg"
            block
            loading={tx.busy}
            disabled={pricePerDay === null}
            data-testid="license-rent-confirm"
          >
            <FormattedMessage id="license.market.rentConfirm" />
          </Button>
        )}
        <TransactionStatus state={tx.state} />
      </DialogForm>
    </Modal>
  );
}

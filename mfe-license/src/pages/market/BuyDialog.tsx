import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from '@prds/shared/i18n';
import { type LicenseView } from '@prds/shared/licenses';
import { queryKeys } from '@prds/shared/query';
import { paths } from '@prds/shared/routes';
import { Button, ErrorText, Modal, Muted, TopUpLink, Usdt } from '@prds/shared/ui';
import { TransactionStatus, readContract, useTransaction, usePayBalance } from '@prds/shared/wallet';
import { DialogBody, Total } from '../common/dialogParts';
import { Facts } from '../common/Facts';
import { LicenseProperties, LicenseTitle } from '../common/LicenseFacts';
import { BUY_TX_MESSAGES } from '../common/licenseMessages';

/**
 * Buy a listed License at the price shown: `LicenseMarketplace.buy(tokenId, price)` refuses the
 * purchase if the seller relisted at another price meanwhile, so nobody pays what they did not see.
 * After a refusal the dialog reads the listing from the chain and shows what it is now (a new price
 * to accept with another click, or no longer for sale), rather than waiting for the api to catch up.
 */
export function BuyDialog({ license, onClose }: { license: LicenseView; onClose: () => void }) {
  const balance = usePayBalance();
  const tx = useTransaction(BUY_TX_MESSAGES);
  const [short, setShort] = useState(false);
  // The price this dialog buys at: the listing's as shown, then the chain's after a refusal; null once it is gone.
  const [price, setPrice] = useState<bigint | null>(license.salePrice === null ? null : BigInt(license.salePrice));
  const [changed, setChanged] = useState(false);
  const done = tx.state?.phase === 'confirmed';

  const buy = async () => {
    if (price === null) return;
    if (balance !== null && balance < price) {
      setShort(true);
      return;
    }
    setShort(false);
    const tokenId = BigInt(license.tokenId);
    // A new attempt: the last one's outcome goes, so it is never read as this one's.
    tx.reset();
    const result = await tx.run({
      contract: 'licenseMarketplace',
      fn: 'buy',
      args: [tokenId, price],
      approve: { token: 'payToken', amount: price },
      invalidate: [queryKeys.licenses],
    });
    if (result.phase !== 'failed') return;
    try {
      const now = await readContract('licenseMarketplace', 'saleListing', [tokenId]);
      const listed = BigInt(now.seller) === 0n ? null : now.price;
      setChanged(listed !== price);
      setPrice(listed);
    } catch {
      // The chain cannot be read now: the refusal's message stands, and the listing refreshes from the api.
    }
  };

  return (
    <Modal
      title={<FormattedMessage id="license.market.buyTitle" />}
      onClose={onClose}
      data-testid="license-buy-dialog"
      closeTestId="license-dialog-close"
    >
      <DialogBody>
        <LicenseTitle license={license} />
        <Facts
          facts={[
            {
              key: 'availableTimes',
              label: <FormattedMessage id="license.item.availableTimes" />,
              value: license.availableTimes,
            },
            { key: 'balance', label: <FormattedMessage id="license.balance" />, value: <Usdt wei={balance} /> },
          ]}
        />
        <LicenseProperties properties={license.properties} />
        <Total>
          <FormattedMessage id="license.market.price" />
          <strong data-testid="license-buy-price" data-value={price?.toString() ?? ''}>
            <Usdt wei={price} />
          </strong>
        </Total>
        {short && (
          <ErrorText role="alert" data-testid="license-buy-error">
            <FormattedMessage id="license.error.insufficientBalance" /> <TopUpLink />
          </ErrorText>
        )}
        {changed && (
          <Muted role="status" data-testid="license-buy-changed">
            {price === null ? (
              <FormattedMessage id="license.revert.notForSale" />
            ) : (
              <FormattedMessage id="license.market.priceNow" values={{ price: <Usdt wei={price} /> }} />
            )}
          </Muted>
        )}
        {done ? (
          <Link to={paths.nftMine()} data-testid="license-see-mine">
            <FormattedMessage id="license.market.seeMine" />
          </Link>
        ) : (
          <>
            <Muted>
              <FormattedMessage id="license.market.buyNote" />
            </Muted>
            <Button
              size="lg"
              block
              loading={tx.busy}
              disabled={price === null}
              onClick={() => void buy()}
              data-testid="license-buy-confirm"
            >
              <FormattedMessage id="license.market.buyFor" values={{ price: <Usdt wei={price} /> }} />
            </Button>
          </>
        )}
        <TransactionStatus state={tx.state} />
      </DialogBody>
    </Modal>
  );
}

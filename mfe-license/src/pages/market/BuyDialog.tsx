import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  ErrorText,
  FormattedMessage,
  Modal,
  Muted,
  TransactionStatus,
  paths,
  queryKeys,
  useTransaction,
  type LicenseView,
} from '@prds/shared';
import { DialogBody, Total } from '../common/dialogParts';
import { Facts } from '../common/Facts';
import { LicenseProperties, LicenseTitle } from '../common/LicenseFacts';
import { BUY_TX_MESSAGES } from '../common/licenseMessages';
import { Usdt } from '../common/Usdt';
import { usePayBalance } from '../common/usePayBalance';

/**
 * Buy a listed License at the price shown: `LicenseMarketplace.buy(tokenId, price)` refuses the
 * purchase if the seller relisted at another price meanwhile, so nobody pays what they did not see.
 */
export function BuyDialog({ license, onClose }: { license: LicenseView; onClose: () => void }) {
  const balance = usePayBalance();
  const tx = useTransaction(BUY_TX_MESSAGES);
  const [short, setShort] = useState(false);
  const price = license.salePrice === null ? null : BigInt(license.salePrice);
  const done = tx.state?.phase === 'confirmed';

  const buy = async () => {
    if (price === null) return;
    if (balance !== null && balance < price) {
      setShort(true);
      return;
    }
    setShort(false);
    await tx.run({
      contract: 'licenseMarketplace',
      fn: 'buy',
      args: [BigInt(license.tokenId), price],
      approve: { token: 'payToken', amount: price },
      invalidate: [queryKeys.licenses],
    });
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
          <strong data-testid="license-buy-price" data-value={license.salePrice ?? ''}>
            <Usdt wei={license.salePrice} />
          </strong>
        </Total>
        {short && (
          <ErrorText role="alert" data-testid="license-buy-error">
            <FormattedMessage id="license.error.insufficientBalance" />
          </ErrorText>
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
            <Button size="lg" block loading={tx.busy} onClick={() => void buy()} data-testid="license-buy-confirm">
              <FormattedMessage id="license.market.buyFor" values={{ price: <Usdt wei={license.salePrice} /> }} />
            </Button>
          </>
        )}
        <TransactionStatus state={tx.state} />
      </DialogBody>
    </Modal>
  );
}

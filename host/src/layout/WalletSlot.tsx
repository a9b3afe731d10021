import { Button, FormattedMessage, useIntl } from '@prds/shared';

/** Where the wallet connect / account button goes; connecting arrives with the wallet issue. */
export function WalletSlot({ block = false }: { block?: boolean }) {
  const intl = useIntl();
  return (
    <div data-testid="wallet-slot">
      <Button size="sm" block={block} disabled title={intl.formatMessage({ id: 'host.wallet.comingSoon' })}>
        <FormattedMessage id="host.wallet.connect" />
      </Button>
    </div>
  );
}

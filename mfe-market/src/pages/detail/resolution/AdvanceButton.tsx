import { FormattedMessage } from '@prds/shared/i18n';
import { type QueryKey } from '@prds/shared/query';
import { Button } from '@prds/shared/ui';
import { TransactionStatus, useTransaction, useWallet } from '@prds/shared/wallet';
import { Muted } from '../DetailSection';
import { Stack } from './panel';
import type { AdvanceKind } from './resolutionActions';
import { ADVANCE_LABEL, ADVANCE_TX_MESSAGES } from './resolutionMessages';

/** A deadline has passed and the chain waits for anyone to move the market on (`advance(id)`). */
export function AdvanceButton({
  marketId,
  kind,
  invalidate,
}: {
  marketId: string;
  kind: AdvanceKind | null;
  invalidate: readonly QueryKey[];
}) {
  const { isConnected } = useWallet();
  const tx = useTransaction(ADVANCE_TX_MESSAGES);
  if (kind === null) {
    // Moved on: the button is gone, the transaction's outcome stays shown.
    return tx.state === null ? null : <TransactionStatus state={tx.state} />;
  }
  return (
    <Stack as="div" data-testid="resolution-advance" data-kind={kind}>
      <Muted>
        <FormattedMessage id="market.resolution.advance.hint" />
      </Muted>
      <Button
        variant="secondary"
        data-testid="vote-advance"
        disabled={!isConnected || tx.busy}
        onClick={() => void tx.run({ contract: 'markets', fn: 'advance', args: [BigInt(marketId)], invalidate })}
      >
        <FormattedMessage {...ADVANCE_LABEL[kind]} />
      </Button>
      <TransactionStatus state={tx.state} />
    </Stack>
  );
}

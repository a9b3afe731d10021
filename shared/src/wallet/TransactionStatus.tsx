import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';
import { Spinner } from '@prds/shared/ui';
import type { TxPhase, TxState } from './transactionTypes';

type Tone = 'busy' | 'success' | 'danger' | 'muted';

const TONE: Record<TxPhase, Tone> = {
  checking: 'busy',
  approving: 'busy',
  waitingWallet: 'busy',
  pending: 'busy',
  indexing: 'busy',
  confirmed: 'success',
  failed: 'danger',
  cancelled: 'muted',
};

const Box = styled.div<{ $tone: Tone }>`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: flex-start;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid
    ${({ theme, $tone: tone }) =>
      `color-mix(in srgb, ${tone === 'busy' ? theme.colors.primary : tone === 'success' ? theme.colors.success : tone === 'danger' ? theme.colors.danger : theme.colors.border} 45%, transparent)`};
  background: ${({ theme, $tone: tone }) =>
    tone === 'muted'
      ? theme.colors.surfaceAlt
      : `color-mix(in srgb, ${tone === 'busy' ? theme.colors.primary : tone === 'success' ? theme.colors.success : theme.colors.danger} 8%, ${theme.colors.surface})`};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Lines = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
`;

const Message = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Detail = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-family: ${({ theme }) => theme.font.mono};
  overflow-wrap: anywhere;
`;

const Link = styled.a`
  color: ${({ theme }) => theme.colors.primary};
`;

export interface TransactionStatusProps {
  readonly state: TxState | null;
  readonly className?: string;
}

// The live region itself: in the page before the first message (screen readers watch regions that
// exist, and may miss one inserted together with its text). Empty, it takes no room in its parent's
// layout (out of the flow, so no flex or grid gap either).
const Region = styled.div`
  &:empty {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
  }
`;

/**
 * A transaction's progress in the flow's words: busy phases with a spinner, then the outcome. Render it
 * from the start (with `state` null before the first transaction): its live regions are always there,
 * and each message is announced as it arrives: progress and success politely, a failure at once.
 */
export function TransactionStatus({ state, className }: TransactionStatusProps) {
  const tone = state === null ? null : TONE[state.phase];
  const box = state !== null && tone !== null && (
    <Box $tone={tone} className={className} data-testid="tx-status" data-phase={state.phase}>
      {tone === 'busy' && <Spinner size="16px" />}
      <Lines>
        <Message data-testid="tx-message">
          <FormattedMessage id={state.messageKey} values={state.values} />
        </Message>
        {state.explorerUrl && (
          <Link data-testid="tx-explorer" href={state.explorerUrl} target="_blank" rel="noreferrer noopener">
            <FormattedMessage id="tx.viewOnExplorer" />
          </Link>
        )}
        {state.hash && !state.explorerUrl && <Detail data-testid="tx-hash">{state.hash}</Detail>}
        {state.reason && <Detail data-testid="tx-reason">{state.reason}</Detail>}
        {state.noteKey && (
          <Detail as="p">
            <FormattedMessage id={state.noteKey} />
          </Detail>
        )}
      </Lines>
    </Box>
  );
  return (
    <>
      <Region aria-live="polite" aria-atomic="true" data-testid="tx-region">
        {tone !== 'danger' && box}
      </Region>
      <Region aria-live="assertive" aria-atomic="true" data-testid="tx-alert-region">
        {tone === 'danger' && box}
      </Region>
    </>
  );
}

import { useState } from 'react';
import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';
import { TOKENS, type TokenRole } from '@prds/shared/chains';
import { Button, type ButtonProps } from '@prds/shared/ui';
import { addTokenToWallet, type WatchAssetOutcome } from './watchAsset';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Outcome = styled.div<{ $failed: boolean }>`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme, $failed }) => ($failed ? theme.colors.danger : theme.colors.success)};
  overflow-wrap: anywhere;

  &:empty {
    display: none;
  }
`;

const Detail = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

export interface AddTokenButtonProps extends Omit<ButtonProps, 'onClick' | 'type' | 'loading' | 'children'> {
  readonly token: TokenRole;
  readonly 'data-testid'?: string;
}

/**
 * 'Add PRDS to wallet' (EIP-747): asks the connected wallet to list one of our tokens, then says what
 * happened — added, declined, or a wallet that cannot — in the page's language. The outcome's region is
 * in the page from the start, so a screen reader hears it.
 */
export function AddTokenButton({ token, 'data-testid': testId = `add-token-${token}`, ...props }: AddTokenButtonProps) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<WatchAssetOutcome | null>(null);
  const symbol = TOKENS[token].symbol;

  const onAdd = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await addTokenToWallet(token));
    } catch (error) {
      // The wallet's chunk did not load: still an answer the user sees.
      setOutcome({
        status: 'failed',
        error: { messageKey: 'wallet.watchAsset.failed', values: { symbol }, detail: String(error) },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Button type="button" variant="secondary" {...props} data-testid={testId} loading={busy} onClick={() => void onAdd()}>
        <FormattedMessage id="wallet.watchAsset.add" values={{ symbol }} />
      </Button>
      <Outcome
        role="status"
        data-testid={`${testId}-outcome`}
        data-outcome={outcome === null ? undefined : outcome.status}
        $failed={outcome?.status === 'failed'}
      >
        {outcome?.status === 'added' && <FormattedMessage id="wallet.watchAsset.added" values={{ symbol }} />}
        {outcome?.status === 'failed' && (
          <>
            <FormattedMessage id={outcome.error.messageKey} values={outcome.error.values} />
            {outcome.error.detail && <Detail>{outcome.error.detail}</Detail>}
          </>
        )}
      </Outcome>
    </Box>
  );
}

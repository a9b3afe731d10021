import { useState, type FormEvent } from 'react';
import { PAY_TOKEN } from '@prds/shared/chains';
import { fromUnits, useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { queryKeys } from '@prds/shared/query';
import { styled } from '@prds/shared/theme';
import { Button, ErrorText, Input, Skeleton, Usdt } from '@prds/shared/ui';
import { TransactionStatus, type TxMessages, useTransaction, useWallet } from '@prds/shared/wallet';
import { parseTokenAmount } from '../tokenAmount';
import { useFreeBalance } from './useIssuedMarkets';

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.font.weight.bold};
    font-variant-numeric: tabular-nums;
  }
`;

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.spacing.sm};

  label {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.spacing.xs};
    flex: 1 1 10em;
    min-width: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const WITHDRAW_TX_MESSAGES: TxMessages = {
  confirmedId: 'issue.withdraw.done',
  failedId: 'issue.tx.failed',
  cancelledId: 'issue.tx.cancelled',
  notConnectedId: 'issue.error.networkNotConnected',
  revert: { InsufficientCredit: { id: 'issue.withdraw.error.tooMuch' } },
};

type WithdrawError = 'issue.error.amountInvalid' | 'issue.withdraw.error.tooMuch';

/**
 * The issuer's margin: frozen in live markets (the api's sum of locked bonds), and free — released
 * margin and fees paid in the Markets contract (Markets.creditOf, read from the chain) — which it
 * withdraws to its wallet here.
 */
export function MarginPanel({ frozen }: { frozen: string | undefined }) {
  const { account } = useWallet();
  const free = useFreeBalance();
  const tx = useTransaction(WITHDRAW_TX_MESSAGES);
  const format = useFormat();
  const [text, setText] = useState('');
  const [error, setError] = useState<WithdrawError | null>(null);

  const onWithdraw = async (event: FormEvent) => {
    event.preventDefault();
    const amount = parseTokenAmount(format.normalizeInput(text), PAY_TOKEN.decimals);
    let problem: WithdrawError | null = null;
    if (amount === null || amount === 0n) problem = 'issue.error.amountInvalid';
    else if (free.data !== undefined && amount > free.data) problem = 'issue.withdraw.error.tooMuch';
    setError(problem);
    if (problem !== null || amount === null || account === null) return;
    const result = await tx.run({
      contract: 'markets',
      fn: 'withdraw',
      args: [amount],
      invalidate: [queryKeys.account(account)],
    });
    if (result.ok) setText('');
  };

  return (
    <Panel data-testid="issue-margin-panel">
      <Figures>
        <div>
          <dt>
            <FormattedMessage id="issue.mine.marginFrozen" />
          </dt>
          <dd data-testid="issue-margin-frozen">{frozen === undefined ? <Skeleton width="6em" /> : <Usdt wei={frozen} />}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="issue.mine.marginFree" />
          </dt>
          <dd data-testid="issue-margin-free" data-units={free.data?.toString()}>
            {free.data === undefined ? <Skeleton width="6em" /> : <Usdt wei={free.data} />}
          </dd>
        </div>
      </Figures>
      {free.data !== undefined && free.data > 0n && (
        <Row onSubmit={(event) => void onWithdraw(event)} noValidate data-testid="issue-withdraw-form">
          <label htmlFor="issue-withdraw-amount">
            <FormattedMessage id="issue.withdraw.amount" values={{ symbol: PAY_TOKEN.symbol }} />
            <Input
              id="issue-withdraw-amount"
              data-testid="issue-withdraw-amount"
              inputMode="decimal"
              autoComplete="off"
              value={text}
              aria-invalid={error !== null}
              aria-describedby="issue-withdraw-error"
              onChange={(change) => {
                setText(change.target.value);
                setError(null);
              }}
            />
          </label>
          <Button
            variant="ghost"
            size="sm"
            data-testid="issue-withdraw-max"
            onClick={() => setText(fromUnits(free.data ?? 0n, PAY_TOKEN.decimals).replace('.', format.decimalMark))}
          >
            <FormattedMessage id="issue.withdraw.max" />
          </Button>
          <Button type="submit" variant="secondary" data-testid="issue-withdraw-submit" loading={tx.busy}>
            <FormattedMessage id="issue.withdraw.submit" />
          </Button>
        </Row>
      )}
      {error !== null && (
        <ErrorText id="issue-withdraw-error" role="alert" data-testid="issue-withdraw-error">
          <FormattedMessage id={error} />
        </ErrorText>
      )}
      <TransactionStatus state={tx.state} />
    </Panel>
  );
}

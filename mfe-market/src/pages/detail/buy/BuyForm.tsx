import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { PAY_TOKEN } from '@prds/shared/chains';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { MarketStateBadge, OptionName, PayoutMultiplier, type MarketDetail } from '@prds/shared/markets';
import { queryKeys } from '@prds/shared/query';
import { clearReferral, isOwnReferral, referrerForBuy, ZERO_ADDRESS } from '@prds/shared/referral';
import { styled } from '@prds/shared/theme';
import { Button, ErrorText, TopUpLink, Field, Input, Muted, Skeleton, Usdt } from '@prds/shared/ui';
import { ConnectWalletButton, TransactionStatus, useTransaction, useWallet } from '@prds/shared/wallet';
import { quoteBuy } from '@prds/shared/pricing';
import { ChoiceGroup, DetailSection } from '../DetailSection';
import { useTokenBalance } from '../useTokenBalance';
import { buyClosedReason } from './buyClosedReason';
import { AMOUNT_ERROR_MESSAGE, BUY_TX_MESSAGES } from './buyMessages';
import { minPayoutFor } from './minPayout';
import { validateBuyAmount, type BuyAmountError } from './validateBuy';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Choice = styled.label<{ $chosen: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme, $chosen }) => ($chosen ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;

  & > span:first-of-type {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
    unicode-bidi: plaintext;
  }
  & > span:last-of-type {
    color: ${({ theme }) => theme.colors.textMuted};
    font-variant-numeric: tabular-nums;
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 1px;
  }
`;

const Balance = styled.p`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Estimate = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};

  strong {
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Closed = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

type FormProblem = BuyAmountError | { readonly kind: 'noOption' };

function ProblemText({ problem }: { problem: FormProblem }) {
  switch (problem.kind) {
    case 'noOption':
      return <FormattedMessage id="market.detail.buy.error.noOption" />;
    case 'decimals':
      return <FormattedMessage {...AMOUNT_ERROR_MESSAGE.decimals} values={{ decimals: problem.decimals }} />;
    case 'belowMinimum':
      return <FormattedMessage {...AMOUNT_ERROR_MESSAGE.belowMinimum} values={{ minimum: <Usdt wei={problem.minimum} /> }} />;
    case 'capacity':
      return <FormattedMessage {...AMOUNT_ERROR_MESSAGE.capacity} values={{ maximum: <Usdt wei={problem.maximum} /> }} />;
    default:
      return <FormattedMessage {...AMOUNT_ERROR_MESSAGE[problem.kind]} />;
  }
}

/**
 * Buy a position: choose an option, enter an amount (checked against the number format, the minimum
 * invest, the remaining capacity and the wallet's balance), see what it pays if it wins, then approve
 * (when needed) and buy through the shared transaction helper. Bad input sends nothing.
 */
export function BuyForm({ market, now }: { market: MarketDetail; now: number }) {
  const wallet = useWallet();
  const { search } = useLocation();
  const { balance, isLoading: balanceLoading } = useTokenBalance(PAY_TOKEN);
  const tx = useTransaction(BUY_TX_MESSAGES);
  const format = useFormat();
  const [option, setOption] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const connectHintId = useId();

  const closed = buyClosedReason(market, now, wallet.isConnected ? wallet.account : null);
  // The buyer's own referral link (in the URL, or remembered from before the wallet connected): the
  // buy goes without a referrer (the contract refuses a self-referral), and the page says why.
  const ownReferral =
    wallet.account !== null &&
    (new URLSearchParams(search).get('ref')?.trim().toLowerCase() === wallet.account.toLowerCase() ||
      isOwnReferral(wallet.account));
  const title = <FormattedMessage id="market.detail.buy.title" />;
  if (closed !== null) {
    return (
      <DetailSection id="buy" testId="detail-buy" title={title}>
        <Closed data-testid="buy-closed" data-reason={closed}>
          {closed === 'notOpen' && (
            <>
              <FormattedMessage id="market.detail.buy.closed" />
              <MarketStateBadge market={market} />
            </>
          )}
          {closed === 'tradingEnded' && <FormattedMessage id="market.detail.buy.tradingEnded" />}
          {closed === 'issuer' && <FormattedMessage id="market.detail.buy.issuer" />}
        </Closed>
        <TransactionStatus state={tx.state} />
      </DetailSection>
    );
  }

  const limits = {
    minInvest: BigInt(market.minInvest),
    remainingCapacity: BigInt(market.remainingCapacity),
    feeBps: market.feeBps,
    balance,
    decimals: PAY_TOKEN.decimals,
  };
  // Typed in the page language's marks ('1,5' in German), read exactly.
  const check = validateBuyAmount(format.normalizeInput(text), limits);
  const chosen = market.options.find((o) => o.index === option) ?? null;
  const estimate =
    check.ok && chosen !== null
      ? quoteBuy({
          amount: check.amount,
          feeBps: market.feeBps,
          optionStake: BigInt(chosen.stake),
          pool: BigInt(market.pool),
        })
      : null;

  // Errors show while typing, except "enter an amount" and "choose an option", which wait for a submit.
  let problem: FormProblem | null = null;
  if (!check.ok && (check.error.kind !== 'empty' || submitted)) problem = check.error;
  else if (check.ok && chosen === null && submitted) problem = { kind: 'noOption' };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok || chosen === null || estimate === null || !wallet.isConnected || wallet.account === null) return;
    const account = wallet.account;
    // The referral the visitor arrived with (kept by @prds/shared across pages, until a buy uses it).
    const referrer = referrerForBuy(account);
    const result = await tx.run({
      contract: 'markets',
      fn: 'buy',
      args: [BigInt(market.id), chosen.index, check.amount, minPayoutFor(estimate.payout), referrer],
      approve: { token: 'payToken', amount: estimate.charge },
      invalidate: [queryKeys.market(market.id), queryKeys.markets, queryKeys.account(account)],
    });
    if (result.ok) {
      // The chain has bound the referrer at this account's first buy: the referral has done its job.
      if (referrer !== ZERO_ADDRESS) clearReferral();
      setText('');
      setSubmitted(false);
    }
  };

  return (
    <DetailSection id="buy" testId="detail-buy" title={title}>
      <Form data-testid="buy-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <ChoiceGroup>
          <legend>
            <FormattedMessage id="market.detail.buy.option" />
          </legend>
          {market.options.map((o) => (
            <Choice key={o.index} $chosen={option === o.index}>
              <input
                type="radio"
                name="buy-option"
                value={o.index}
                checked={option === o.index}
                onChange={() => setOption(o.index)}
                data-testid={`buy-option-${o.index}`}
              />
              <span dir="auto">
                <OptionName option={o} />
              </span>
              <PayoutMultiplier option={o} />
            </Choice>
          ))}
        </ChoiceGroup>

        <Field as="div">
          <label htmlFor={inputId}>
            <FormattedMessage id="market.detail.buy.amount" values={{ symbol: PAY_TOKEN.symbol }} />
          </label>
          <Input
            id={inputId}
            data-testid="buy-amount"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder={format.decimalExample('0', '0')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={problem !== null && problem.kind !== 'noOption'}
            aria-describedby={problem !== null ? errorId : undefined}
          />
          <Balance>
            <span>
              <FormattedMessage id="market.detail.buy.balance" />
            </span>
            <span data-testid="buy-balance" data-value={balance === null ? '' : balance.toString()}>
              {balanceLoading && balance === null ? <Skeleton width="4em" /> : <Usdt wei={balance} />}
            </span>
          </Balance>
          <Muted>
            <FormattedMessage id="market.detail.buy.minimum" values={{ minimum: <Usdt wei={market.minInvest} /> }} />
          </Muted>
        </Field>

        {ownReferral && (
          <Muted data-testid="buy-self-referral">
            <FormattedMessage id="market.detail.buy.revert.selfReferral" />
          </Muted>
        )}

        {problem !== null && (
          <ErrorText id={errorId} role="alert" data-testid="buy-error" data-kind={problem.kind}>
            <ProblemText problem={problem} />
            {problem.kind === 'insufficientBalance' && (
              <>
                {' '}
                <TopUpLink />
              </>
            )}
          </ErrorText>
        )}

        {estimate !== null && chosen !== null && (
          <Estimate data-testid="buy-estimate" data-value={estimate.payout.toString()} aria-live="polite">
            <span>
              <FormattedMessage id="market.detail.buy.estimate" values={{ option: <OptionName option={chosen} /> }} />
            </span>
            <strong>
              <Usdt wei={estimate.payout} />
            </strong>
            <small>
              <FormattedMessage
                id="market.detail.buy.estimateDetail"
                values={{ fee: <Usdt wei={estimate.fee} />, stake: <Usdt wei={estimate.stake} /> }}
              />
            </small>
          </Estimate>
        )}

        {wallet.isConnected ? (
          <Button type="submit" size="lg" block loading={tx.busy} data-testid="buy-submit">
            <FormattedMessage id="market.detail.buy.submit" />
          </Button>
        ) : wallet.isWrongNetwork ? (
          <Closed data-testid="buy-wrong-network">
            <FormattedMessage id="market.detail.buy.wrongNetwork" values={{ chain: wallet.desiredChain.chainName }} />
            <Button variant="secondary" size="sm" onClick={() => void wallet.switchNetwork()}>
              <FormattedMessage id="market.detail.buy.switchNetwork" />
            </Button>
          </Closed>
        ) : (
          <>
            {/* Connect here, where the buy is: on a phone the header's button is inside the menu. */}
            <ConnectWalletButton size="lg" block data-testid="buy-connect-button" aria-describedby={connectHintId} />
            <Muted id={connectHintId} data-testid="buy-connect">
              <FormattedMessage id="market.detail.buy.connect" />
            </Muted>
          </>
        )}
        <TransactionStatus state={tx.state} />
      </Form>
    </DetailSection>
  );
}

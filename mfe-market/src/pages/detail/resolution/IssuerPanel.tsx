import { useState, type FormEvent } from 'react';
import { PAY_TOKEN } from '@prds/shared/chains';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { type MarketDetail } from '@prds/shared/markets';
import { queryKeys, type QueryKey } from '@prds/shared/query';
import { Button, Input } from '@prds/shared/ui';
import { TransactionStatus, useTransaction } from '@prds/shared/wallet';
import { parseAmount } from '../buy/parseAmount';
import { useTokenBalance } from '../useTokenBalance';
import { Muted } from '../DetailSection';
import { ErrorText, Field, KnownAtField, OptionSelect, Panel, Row, Stack } from './panel';
import type { ResolutionActions } from './resolutionActions';
import { CONFIRM_TX_MESSAGES, MARGIN_TX_MESSAGES, RESPOND_TX_MESSAGES } from './resolutionMessages';
import { KNOWN_AT_ERROR_MESSAGE, checkKnownAt, type KnownAtError } from './timeInput';

const MARGIN_ERROR = {
  empty: { id: 'market.resolution.margin.error.empty' },
  format: { id: 'market.resolution.margin.error.format' },
  decimals: { id: 'market.resolution.margin.error.format' },
  zero: { id: 'market.resolution.margin.error.zero' },
  insufficientBalance: { id: 'market.resolution.margin.error.insufficientBalance' },
} as const;

type MarginError = keyof typeof MARGIN_ERROR;

/** For the market's issuer: set the result, confirm early, concede or appeal a challenge, add margin. */
export function IssuerPanel({
  market,
  actions,
  now,
  invalidate,
}: {
  market: MarketDetail;
  actions: ResolutionActions;
  now: number;
  invalidate: readonly QueryKey[];
}) {
  const id = BigInt(market.id);
  const confirmTx = useTransaction(CONFIRM_TX_MESSAGES);
  const respondTx = useTransaction(RESPOND_TX_MESSAGES);
  const marginTx = useTransaction(MARGIN_TX_MESSAGES);
  const format = useFormat();
  const { balance } = useTokenBalance(PAY_TOKEN);
  const [option, setOption] = useState('');
  // Starts at the current minute (the field's granularity), which the contract accepts as known-at.
  const [knownAt, setKnownAt] = useState<number | null>(() => Math.floor(now / 60) * 60);
  const [optionMissing, setOptionMissing] = useState(false);
  const [knownAtError, setKnownAtError] = useState<KnownAtError | null>(null);
  const [marginText, setMarginText] = useState('');
  const [marginError, setMarginError] = useState<MarginError | null>(null);

  // A transaction's outcome stays on screen after the action it finished is no longer offered
  // (a confirmed result takes the confirm form away the moment it is indexed).
  const settledStatus = (state: typeof confirmTx.state) => state !== null && <TransactionStatus state={state} />;
  const anyAction = actions.confirm || actions.confirmEarly || actions.respond || actions.addMargin;
  if (!anyAction && confirmTx.state === null && respondTx.state === null && marginTx.state === null) return null;

  const chosen = (): number | null => {
    if (option === '') {
      setOptionMissing(true);
      return null;
    }
    setOptionMissing(false);
    return Number(option);
  };

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    const index = chosen();
    if (index === null) return;
    void confirmTx.run({ contract: 'markets', fn: 'confirm', args: [id, index], invalidate });
  };

  const onConfirmEarly = () => {
    const index = chosen();
    const error = checkKnownAt(knownAt, { createdAt: market.createdAt, latest: now, latestIs: 'now' });
    setKnownAtError(error);
    if (index === null || error !== null || knownAt === null) return;
    void confirmTx.run({ contract: 'markets', fn: 'confirmEarly', args: [id, index, knownAt], invalidate });
  };

  const onAddMargin = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmount(format.normalizeInput(marginText));
    let error: MarginError | null = null;
    if (!parsed.ok) error = parsed.reason;
    else if (parsed.wei === 0n) error = 'zero';
    else if (balance !== null && parsed.wei > balance) error = 'insufficientBalance';
    setMarginError(error);
    if (error !== null || !parsed.ok) return;
    void marginTx.run({
      contract: 'markets',
      fn: 'addMargin',
      args: [id, parsed.wei],
      approve: { token: 'payToken', amount: parsed.wei },
      invalidate: [...invalidate, queryKeys.account(market.issuer)],
    });
  };

  return (
    <Panel title={<FormattedMessage id="market.resolution.issuer.title" />} testId="issuer-panel">
      {(actions.confirm || actions.confirmEarly) && (
        <Stack onSubmit={onConfirm}>
          <Row>
            <Field>
              <FormattedMessage id="market.resolution.issuer.result" />
              <OptionSelect options={market.options} value={option} onChange={setOption} testId="issuer-result-option" />
            </Field>
            {actions.confirm && (
              <Button type="submit" data-testid="issuer-confirm-submit" disabled={confirmTx.busy}>
                <FormattedMessage id="market.resolution.issuer.confirm" />
              </Button>
            )}
          </Row>
          {actions.confirmEarly && (
            <>
              <Muted>
                <FormattedMessage id="market.resolution.issuer.earlyHint" />
              </Muted>
              <Row>
                <KnownAtField
                  label={<FormattedMessage id="market.resolution.issuer.knownAt" />}
                  value={knownAt}
                  onChange={setKnownAt}
                  min={market.createdAt}
                  max={now}
                  invalid={knownAtError !== null}
                  testId="issuer-known-at"
                />
                <Button
                  type="button"
                  data-testid="issuer-confirm-early-submit"
                  disabled={confirmTx.busy}
                  onClick={onConfirmEarly}
                >
                  <FormattedMessage id="market.resolution.issuer.confirmEarly" />
                </Button>
              </Row>
            </>
          )}
          {optionMissing && (
            <ErrorText role="alert">
              <FormattedMessage id="market.resolution.chooseOptionError" />
            </ErrorText>
          )}
          {knownAtError !== null && (
            <ErrorText role="alert">
              <FormattedMessage {...KNOWN_AT_ERROR_MESSAGE[knownAtError]} />
            </ErrorText>
          )}
          <TransactionStatus state={confirmTx.state} />
        </Stack>
      )}
      {!(actions.confirm || actions.confirmEarly) && settledStatus(confirmTx.state)}
      {actions.respond && (
        <Stack as="div">
          <Muted>
            <FormattedMessage id="market.resolution.issuer.respondHint" />
          </Muted>
          <Row>
            <Button
              variant="secondary"
              data-testid="issuer-concede"
              disabled={respondTx.busy}
              onClick={() => void respondTx.run({ contract: 'markets', fn: 'concede', args: [id], invalidate })}
            >
              <FormattedMessage id="market.resolution.issuer.concede" />
            </Button>
            <Button
              data-testid="issuer-appeal"
              disabled={respondTx.busy}
              onClick={() => void respondTx.run({ contract: 'markets', fn: 'appeal', args: [id], invalidate })}
            >
              <FormattedMessage id="market.resolution.issuer.appeal" />
            </Button>
          </Row>
          <TransactionStatus state={respondTx.state} />
        </Stack>
      )}
      {!actions.respond && settledStatus(respondTx.state)}
      {actions.addMargin && (
        <Stack onSubmit={onAddMargin}>
          <Row>
            <Field>
              <FormattedMessage id="market.resolution.issuer.margin" />
              <Input
                inputMode="decimal"
                data-testid="issuer-margin-amount"
                value={marginText}
                onChange={(event) => setMarginText(event.target.value)}
              />
            </Field>
            <Button type="submit" variant="secondary" data-testid="issuer-margin-submit" disabled={marginTx.busy}>
              <FormattedMessage id="market.resolution.issuer.addMargin" />
            </Button>
          </Row>
          {marginError !== null && (
            <ErrorText role="alert" data-testid="issuer-margin-error">
              <FormattedMessage {...MARGIN_ERROR[marginError]} />
            </ErrorText>
          )}
          <TransactionStatus state={marginTx.state} />
        </Stack>
      )}
      {!actions.addMargin && settledStatus(marginTx.state)}
    </Panel>
  );
}

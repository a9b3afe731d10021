import { useEffect, useRef, useState, type FocusEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  Button,
  Card,
  DateTimeField,
  ErrorNotice,
  FormattedMessage,
  Input,
  MARKET_CATEGORIES,
  Muted,
  PAY_TOKEN,
  Select,
  Spinner,
  TransactionStatus,
  marketOptionKeys,
  paths,
  queryKeys,
  styled,
  useIntl,
  useIsConnected,
  useLang,
  useQuery,
  useTransaction,
  useWallet,
  type MarketCategory,
  useFormat,
} from '@prds/shared';
import { FormField } from './FormField';
import { IssueErrorText } from './IssueErrorText';
import { LicensePicker } from './LicensePicker';
import { NoUsableLicense } from './NoUsableLicense';
import { OptionsField, type OptionDraft } from './OptionsField';
import { ProtocolValues } from './ProtocolValues';
import { clearDraft, loadDraft, saveDraft } from './issueDraft';
import { MODERATION_REASONS, moderationReason } from './moderationReasons';
import { fetchIssueConfig, fetchIssuedMarkets, issueQueryKeys, submitMetadata } from './issueApi';
import { ISSUE_TX_MESSAGES, fieldRefusal, type FieldRefusal } from './submitErrors';
import { parseTokenAmount } from './tokenAmount';
import { useChainNow, useIssueLicenses, usePayBalance, useProtocolParams } from './useIssueChain';
import {
  validateIssueForm,
  type CollateralKind,
  type IssueField,
  type IssueFormError,
  type IssueFormValues,
} from './validateIssueForm';

const TextArea = Input.withComponent('textarea');

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Group = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const GroupTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const TwoColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr);

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Submit = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: stretch;

  @media ${({ theme }) => theme.breakpoints.tablet} {
    align-items: flex-end;
  }
`;

const Notice = styled.div<{ $tone: 'warning' | 'success' }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  border-inline-start: 4px solid ${({ theme, $tone }) => theme.colors[$tone]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  align-self: stretch;

  strong {
    color: ${({ theme, $tone }) => theme.colors[$tone]};
  }
`;

/** Focused (not tabbable) once issued, so a screen reader and the scroll land on it; no ring on a non-control. */
const SuccessGroup = styled(Group)`
  &:focus {
    outline: none;
  }
`;

const Busy = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** How long the success message stays before the market's page opens. */
const SUCCESS_DWELL_MS = 1500;
/** How long to look for the new market in the issuer's list once the api has indexed the transaction. */
const LOCATE_TIMEOUT_MS = 30_000;
const LOCATE_POLL_MS = 750;

type Stage =
  | { readonly kind: 'idle' }
  /** /api/issue/submit-underlying is checking and storing the texts. */
  | { readonly kind: 'checking' }
  /** Held for review ('audit checking'): nothing sent to the chain. */
  | { readonly kind: 'audit'; readonly reason: string | null }
  | { readonly kind: 'error'; readonly error: unknown }
  | { readonly kind: 'transaction' }
  | { readonly kind: 'success'; readonly marketId: string | null };

const CATEGORY_LABEL: Readonly<Record<MarketCategory, { readonly id: string }>> = {
  crypto: { id: 'market.category.crypto' },
  finance: { id: 'market.category.finance' },
  politics: { id: 'market.category.politics' },
  technology: { id: 'market.category.technology' },
  science: { id: 'market.category.science' },
  sports: { id: 'market.category.sports' },
  culture: { id: 'market.category.culture' },
  other: { id: 'market.category.other' },
};

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const CONTROLS = 'input, select, textarea, button';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The new market's id: the issuer's newest markets hold the one the transaction created. */
async function locateIssuedMarket(account: string, hash: string): Promise<string | null> {
  const deadline = Date.now() + LOCATE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      const page = await fetchIssuedMarkets(account, { page: 1, pageSize: 20 });
      const found = page.list.find((market) => market.txHash.toLowerCase() === hash.toLowerCase());
      if (found) return found.id;
    } catch {
      // The api briefly unreachable: keep looking until the deadline.
    }
    await wait(LOCATE_POLL_MS);
  }
  return null;
}

export interface IssueFormProps {
  /** `/issue?license=<id>`: the License to preselect (the License remote links here). */
  readonly presetLicense: string | null;
}

/**
 * Issue a market: every field of one, checked by the rules the contract and the api apply (with the
 * limits read from the chain), then the texts stored by the api, the approvals the wallet still lacks
 * and the issue transaction, each step shown as it runs. What was typed survives a reload and any
 * failure; it is cleared once the market is issued.
 */
export function IssueForm({ presetLicense }: IssueFormProps) {
  const intl = useIntl();
  const format = useFormat();
  const navigate = useNavigate();
  const [lang] = useLang();
  const wallet = useWallet();
  const networkConnected = useIsConnected();
  const now = useChainNow();
  const params = useProtocolParams();
  const config = useQuery({ queryKey: issueQueryKeys.config, queryFn: () => fetchIssueConfig(), staleTime: Infinity });
  const licenses = useIssueLicenses(now);
  const balance = usePayBalance();
  const tx = useTransaction(ISSUE_TX_MESSAGES);

  const [initial] = useState(() => {
    const draft = loadDraft(browserStorage());
    return presetLicense === null ? draft : { ...draft, licenseId: presetLicense };
  });
  const nextOptionKey = useRef(initial.options.length);
  const [values, setValues] = useState<Omit<IssueFormValues, 'options'>>(initial);
  const [options, setOptions] = useState<readonly OptionDraft[]>(() => initial.options.map((text, key) => ({ key, text })));
  // A field's message shows once it was left (blur) or the form was submitted, then follows every edit.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submits, setSubmits] = useState(0);
  const [refusal, setRefusal] = useState<FieldRefusal | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);

  // Amounts typed in the page language's marks ('1,5' in German) are read with '.' from here on.
  const formValues: IssueFormValues = {
    ...values,
    liquidity: format.normalizeInput(values.liquidity),
    margin: format.normalizeInput(values.margin),
    options: options.map((option) => option.text),
  };

  // Every edit is kept (a reload, a failed transaction lose nothing); a success has cleared it for good.
  const issued = stage.kind === 'success';
  useEffect(() => {
    if (!issued) saveDraft(browserStorage(), { ...values, options: options.map((option) => option.text) });
  }, [values, options, issued]);

  // After a submit with mistakes, take the user to the first one (it may be far up a long form).
  useEffect(() => {
    if (submits === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    // A group (the License radio group) is marked as a whole: focus its first control.
    const control = first?.matches(CONTROLS) ? first : first?.querySelector<HTMLElement>(CONTROLS);
    (control ?? first)?.focus();
  }, [submits]);

  // The success message replaces the long form: bring it into view (on a phone the page was scrolled
  // down to the button, and the shorter page would otherwise show My markets instead).
  const issuedNow = stage.kind === 'success';
  useEffect(() => {
    if (!issuedNow) return;
    const section = successRef.current;
    section?.focus({ preventScroll: true });
    section?.scrollIntoView({ block: 'center' });
  }, [issuedNow]);

  // Once issued and found, the market's own page.
  const successId = stage.kind === 'success' ? stage.marketId : null;
  useEffect(() => {
    if (successId === null) return;
    const timer = setTimeout(() => navigate(paths.detail(successId)), SUCCESS_DWELL_MS);
    return () => clearTimeout(timer);
  }, [successId, navigate]);

  // Until the chain's time is read, the page's opening moment stands in (the chain check follows it).
  const [openedAt] = useState(() => Math.floor(Date.now() / 1000));
  const chainNow = now ?? openedAt;
  const license = licenses.choices.find((choice) => choice.id === values.licenseId);
  const validation = validateIssueForm(formValues, {
    now: chainNow,
    networkConnected,
    licenses: licenses.choices,
    balance,
    protocol: params.data ?? null,
    textLimits: config.data?.limits ?? null,
  });
  const shown = (field: IssueField) => submits > 0 || touched.has(field);
  const fieldError = (field: IssueField): IssueFormError | undefined => {
    if (refusal !== null && refusal.field === field && refusal.option === null) return refusal.error;
    return shown(field) ? validation.fields[field] : undefined;
  };
  const optionErrors = options.map((option, index) => {
    if (refusal !== null && refusal.field === 'options' && refusal.option === index) return refusal.error;
    return submits > 0 || touched.has(`option:${option.key}`) ? (validation.options[index] ?? null) : null;
  });
  const invalid = (field: IssueField) => fieldError(field) !== undefined;
  const touch = (name: string) => setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
  /** Focus leaving a group of controls (the License cards, a date-time field's parts). */
  const leaving = (name: string) => (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) touch(name);
  };
  const edit = <K extends keyof Omit<IssueFormValues, 'options'>>(field: K, value: IssueFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (refusal?.field === field) setRefusal(null);
  };
  const editOptions = (change: (current: readonly OptionDraft[]) => readonly OptionDraft[]) => {
    setOptions(change);
    if (refusal?.field === 'options') setRefusal(null);
  };

  const auditReason = stage.kind === 'audit' ? moderationReason(stage.reason) : null;
  const busy = stage.kind === 'checking' || stage.kind === 'transaction' || tx.busy;
  const liquidity = parseTokenAmount(formValues.liquidity);
  const margin = values.collateral === 'token' ? parseTokenAmount(formValues.margin) : null;
  const bond = values.collateral === 'nft' ? (license?.value ?? null) : margin;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmits((count) => count + 1);
    setRefusal(null);
    tx.reset();
    if (!validation.valid || wallet.account === null) {
      setStage({ kind: 'idle' });
      return;
    }
    const account = wallet.account;
    const { lastTradingTime, expirationTime } = values;
    if (lastTradingTime === null || expirationTime === null || liquidity === null) return;
    const staked = values.collateral === 'nft';
    const marginUnits = staked ? 0n : (margin ?? 0n);

    setStage({ kind: 'checking' });
    let stored;
    try {
      stored = await submitMetadata({
        event: formValues.event,
        options: formValues.options,
        category: values.category,
        description: values.description,
        resolutionSource: values.resolutionSource,
        url: values.url,
        content: values.content,
        language: lang,
      });
    } catch (error) {
      const atField = fieldRefusal(error);
      if (atField !== null) {
        setRefusal(atField);
        setStage({ kind: 'idle' });
        setSubmits((count) => count + 1);
      } else {
        setStage({ kind: 'error', error });
      }
      return;
    }
    if (stored.status !== 'approved' || stored.hash === null) {
      setStage({ kind: 'audit', reason: stored.reason });
      return;
    }

    setStage({ kind: 'transaction' });
    const optionKeys = await marketOptionKeys(stored.options);
    const result = await tx.run({
      contract: 'markets',
      fn: 'issue',
      args: [
        {
          licenseId: BigInt(values.licenseId),
          metadataHash: stored.hash as `0x${string}`,
          options: optionKeys,
          lastTradingTime,
          expirationTime,
          liquidity,
          margin: marginUnits,
          stakeLicense: staked,
        },
      ],
      // Pays the liquidity and the margin; a staked License is moved into the Markets contract too.
      approve: staked
        ? [{ token: 'payToken', amount: liquidity }, { nft: 'license' }]
        : { token: 'payToken', amount: liquidity + marginUnits },
      invalidate: [queryKeys.markets, issueQueryKeys.licenses(account), queryKeys.account(account)],
    });
    if (!result.ok || result.hash === null) {
      // 'Transaction failed' / 'Transaction cancelled' stay on screen; the form is as it was.
      setStage({ kind: 'idle' });
      return;
    }
    clearDraft(browserStorage());
    setStage({ kind: 'success', marketId: null });
    const marketId = await locateIssuedMarket(account, result.hash);
    setStage({ kind: 'success', marketId });
  };

  if (stage.kind === 'success') {
    return (
      <SuccessGroup as="section" ref={successRef} tabIndex={-1} data-testid="issue-success" aria-live="polite">
        <TransactionStatus state={tx.state} />
        {stage.marketId === null ? (
          <Busy>
            <Spinner size="16px" />
            <FormattedMessage id="issue.success.locating" />
          </Busy>
        ) : (
          <Muted>
            <FormattedMessage
              id="issue.success.opening"
              values={{
                link: (text: ReactNode) => (
                  <Link to={paths.detail(stage.marketId ?? '')} data-testid="issue-success-link">
                    {text}
                  </Link>
                ),
              }}
            />
          </Muted>
        )}
      </SuccessGroup>
    );
  }

  // A wallet with no License that can issue now gets why and the ways forward, not a form it cannot send.
  if (wallet.isConnected && !licenses.isLoading && licenses.error === null && licenses.choices.length === 0) {
    return <NoUsableLicense blocked={licenses.blocked} />;
  }

  return (
    <Form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      data-testid="issue-form"
      data-stage={stage.kind}
      aria-label={intl.formatMessage({ id: 'issue.title' })}
      aria-busy={busy}
    >
      <Group as="section" aria-labelledby="issue-market-title">
        <GroupTitle id="issue-market-title">
          <FormattedMessage id="issue.form.marketSection" />
        </GroupTitle>
        <LicensePicker
          choices={licenses.choices}
          value={values.licenseId}
          onChange={(id) => {
            edit('licenseId', id);
            touch('license');
          }}
          onBlur={leaving('license')}
          error={fieldError('license')}
          loading={licenses.isLoading}
          connected={wallet.isConnected}
        />
        {licenses.error !== null && !licenses.isLoading && (
          <ErrorNotice error={licenses.error} onRetry={licenses.refetch} data-testid="issue-license-error-notice" />
        )}

        <FormField htmlFor="issue-event" label={<FormattedMessage id="issue.form.event" />} error={fieldError('event')}>
          <TextArea
            id="issue-event"
            data-testid="issue-event"
            rows={3}
            placeholder={intl.formatMessage({ id: 'issue.form.eventPlaceholder' })}
            value={values.event}
            aria-invalid={invalid('event')}
            aria-describedby="issue-event-error"
            onChange={(change) => edit('event', change.target.value)}
            onBlur={() => touch('event')}
          />
        </FormField>

        <OptionsField
          options={options}
          listError={fieldError('options')}
          optionErrors={optionErrors}
          onChange={(key, text) =>
            editOptions((current) => current.map((option) => (option.key === key ? { key, text } : option)))
          }
          onBlur={(key) => touch(`option:${key}`)}
          onAdd={() => {
            const key = nextOptionKey.current++;
            editOptions((current) => [...current, { key, text: '' }]);
          }}
          onRemove={(key) => {
            editOptions((current) => current.filter((option) => option.key !== key));
            touch('options');
          }}
          onMove={(key, by) =>
            editOptions((current) => {
              const from = current.findIndex((option) => option.key === key);
              const to = from + by;
              if (from < 0 || to < 0 || to >= current.length) return current;
              const next = [...current];
              const [moved] = next.splice(from, 1);
              if (moved) next.splice(to, 0, moved);
              return next;
            })
          }
        />

        <FormField htmlFor="issue-category" label={<FormattedMessage id="issue.form.category" />} error={fieldError('category')}>
          <Select
            id="issue-category"
            data-testid="issue-category"
            value={values.category}
            aria-invalid={invalid('category')}
            aria-describedby="issue-category-error"
            onChange={(change) => edit('category', change.target.value)}
            onBlur={() => touch('category')}
          >
            <option value="">{intl.formatMessage({ id: 'issue.form.categoryPlaceholder' })}</option>
            {MARKET_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {intl.formatMessage(CATEGORY_LABEL[category])}
              </option>
            ))}
          </Select>
        </FormField>

        <FormField
          htmlFor="issue-description"
          label={<FormattedMessage id="issue.form.description" />}
          error={fieldError('description')}
        >
          <TextArea
            id="issue-description"
            data-testid="issue-description"
            rows={3}
            placeholder={intl.formatMessage({ id: 'issue.form.descriptionPlaceholder' })}
            value={values.description}
            aria-invalid={invalid('description')}
            aria-describedby="issue-description-error"
            onChange={(change) => edit('description', change.target.value)}
            onBlur={() => touch('description')}
          />
        </FormField>

        <FormField
          htmlFor="issue-resolution-source"
          label={<FormattedMessage id="issue.form.resolutionSource" />}
          error={fieldError('resolutionSource')}
        >
          <Input
            id="issue-resolution-source"
            data-testid="issue-resolution-source"
            placeholder={intl.formatMessage({ id: 'issue.form.resolutionSourcePlaceholder' })}
            value={values.resolutionSource}
            aria-invalid={invalid('resolutionSource')}
            aria-describedby="issue-resolution-source-error"
            onChange={(change) => edit('resolutionSource', change.target.value)}
            onBlur={() => touch('resolutionSource')}
          />
        </FormField>

        <TwoColumns>
          <FormField
            htmlFor="issue-url"
            label={<FormattedMessage id="issue.form.url" />}
            hint={<FormattedMessage id="issue.form.urlHint" />}
            error={fieldError('url')}
          >
            <Input
              id="issue-url"
              data-testid="issue-url"
              type="url"
              inputMode="url"
              autoComplete="off"
              dir="ltr"
              placeholder="https://"
              value={values.url}
              aria-invalid={invalid('url')}
              aria-describedby="issue-url-error"
              onChange={(change) => edit('url', change.target.value)}
              onBlur={() => touch('url')}
            />
          </FormField>
          <FormField htmlFor="issue-content" label={<FormattedMessage id="issue.form.content" />} error={fieldError('content')}>
            <TextArea
              id="issue-content"
              data-testid="issue-content"
              rows={2}
              placeholder={intl.formatMessage({ id: 'issue.form.contentPlaceholder' })}
              value={values.content}
              aria-invalid={invalid('content')}
              aria-describedby="issue-content-error"
              onChange={(change) => edit('content', change.target.value)}
              onBlur={() => touch('content')}
            />
          </FormField>
        </TwoColumns>

        <TwoColumns>
          <FormField
            htmlFor="issue-last-trading-time"
            label={<FormattedMessage id="issue.form.lastTradingTime" />}
            hint={<FormattedMessage id="issue.form.lastTradingTimeHint" />}
            error={fieldError('lastTradingTime')}
          >
            <div onBlur={leaving('lastTradingTime')}>
              <DateTimeField
                data-testid="issue-last-trading-time"
                aria-labelledby="issue-last-trading-time-label"
                aria-describedby="issue-last-trading-time-error"
                value={values.lastTradingTime}
                min={now ?? undefined}
                invalid={invalid('lastTradingTime')}
                onChange={(value) => edit('lastTradingTime', value)}
              />
            </div>
          </FormField>
          <FormField
            htmlFor="issue-expiration-time"
            label={<FormattedMessage id="issue.form.expirationTime" />}
            hint={<FormattedMessage id="issue.form.expirationTimeHint" />}
            error={fieldError('expirationTime')}
          >
            <div onBlur={leaving('expirationTime')}>
              <DateTimeField
                data-testid="issue-expiration-time"
                aria-labelledby="issue-expiration-time-label"
                aria-describedby="issue-expiration-time-error"
                value={values.expirationTime}
                min={values.lastTradingTime ?? now ?? undefined}
                max={license?.rentalEndDate ?? undefined}
                invalid={invalid('expirationTime')}
                onChange={(value) => edit('expirationTime', value)}
              />
            </div>
          </FormField>
        </TwoColumns>
      </Group>

      <Group as="section" aria-labelledby="issue-settings-title">
        <GroupTitle id="issue-settings-title">
          <FormattedMessage id="issue.form.settingsSection" />
        </GroupTitle>
        <TwoColumns>
          {/* Markets are paid in the chain's one pay token (USDT), so this shows the choice rather than offers one. */}
          <FormField htmlFor="issue-pay-token" label={<FormattedMessage id="issue.form.payToken" />}>
            <Select id="issue-pay-token" data-testid="issue-pay-token" defaultValue={PAY_TOKEN.symbol} disabled>
              <option value={PAY_TOKEN.symbol}>{PAY_TOKEN.symbol}</option>
            </Select>
          </FormField>
          <FormField
            htmlFor="issue-liquidity"
            label={<FormattedMessage id="issue.form.liquidity" values={{ symbol: PAY_TOKEN.symbol }} />}
            hint={<FormattedMessage id="issue.form.liquidityHint" />}
            error={fieldError('liquidity')}
          >
            <Input
              id="issue-liquidity"
              data-testid="issue-liquidity"
              inputMode="decimal"
              autoComplete="off"
              value={values.liquidity}
              aria-invalid={invalid('liquidity')}
              aria-describedby="issue-liquidity-error"
              onChange={(change) => edit('liquidity', change.target.value)}
              onBlur={() => touch('liquidity')}
            />
          </FormField>
          <FormField
            htmlFor="issue-collateral"
            label={<FormattedMessage id="issue.form.collateral" />}
            hint={<FormattedMessage id="issue.form.collateralHint" />}
            error={fieldError('collateral')}
          >
            <Select
              id="issue-collateral"
              data-testid="issue-collateral"
              value={values.collateral}
              aria-invalid={invalid('collateral')}
              aria-describedby="issue-collateral-error"
              onChange={(change) => {
                const kind: CollateralKind = change.target.value === 'nft' ? 'nft' : 'token';
                edit('collateral', kind);
                touch('collateral');
              }}
              onBlur={() => touch('collateral')}
            >
              <option value="token">{intl.formatMessage({ id: 'issue.form.collateralToken' })}</option>
              <option value="nft">{intl.formatMessage({ id: 'issue.form.collateralNft' })}</option>
            </Select>
          </FormField>
          {values.collateral === 'token' && (
            <FormField
              htmlFor="issue-margin"
              label={<FormattedMessage id="issue.form.margin" values={{ symbol: PAY_TOKEN.symbol }} />}
              hint={<FormattedMessage id="issue.form.marginHint" />}
              error={fieldError('margin')}
            >
              <Input
                id="issue-margin"
                data-testid="issue-margin"
                inputMode="decimal"
                autoComplete="off"
                value={values.margin}
                aria-invalid={invalid('margin')}
                aria-describedby="issue-margin-error"
                onChange={(change) => edit('margin', change.target.value)}
                onBlur={() => touch('margin')}
              />
            </FormField>
          )}
        </TwoColumns>
        <ProtocolValues
          params={params.data}
          error={params.error}
          onRetry={() => void params.refetch()}
          optionCount={options.length}
          liquidity={liquidity}
          bond={bond}
        />
      </Group>

      <Submit>
        <IssueErrorText error={shown('network') ? validation.fields.network : undefined} alert />
        {stage.kind === 'checking' && (
          <Busy role="status" data-testid="issue-checking">
            <Spinner size="16px" />
            <FormattedMessage id="issue.submit.checking" />
          </Busy>
        )}
        {stage.kind === 'audit' && (
          <Notice $tone="warning" role="status" data-testid="issue-audit">
            <strong>
              <FormattedMessage id="issue.audit.title" />
            </strong>
            <span>
              <FormattedMessage id="issue.audit.body" />
            </span>
            {auditReason !== null && (
              <span data-testid="issue-audit-reason">
                <FormattedMessage
                  id="issue.audit.reason"
                  values={{ reason: <FormattedMessage {...MODERATION_REASONS[auditReason]} /> }}
                />
              </span>
            )}
          </Notice>
        )}
        {stage.kind === 'error' && <ErrorNotice error={stage.error} data-testid="issue-submit-error" />}
        <TransactionStatus state={tx.state} />
        <Button type="submit" size="lg" data-testid="issue-submit" loading={busy}>
          <FormattedMessage id="issue.form.submit" />
        </Button>
      </Submit>
    </Form>
  );
}

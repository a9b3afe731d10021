import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  Card,
  DateTimeField,
  FormattedMessage,
  Input,
  PAY_TOKEN,
  Select,
  paths,
  styled,
  useIntl,
  useIsConnected,
} from '@prds/shared';
import { FormField } from './FormField';
import { IssueErrorText } from './IssueErrorText';
import { OptionsField, type OptionDraft } from './OptionsField';
import { validateIssueForm, type CollateralKind, type IssueLicense, type IssueValidation } from './validateIssueForm';

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

const ChainValues = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
  padding: ${({ theme }) => theme.spacing.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
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

const two = (n: number) => String(n).padStart(2, '0');

/** The validation reads `datetime-local` text (local time); the date-time field gives unix seconds. */
function localDateTimeText(seconds: number | null): string {
  if (seconds === null) return '';
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Shown where the chain supplies a value we cannot read yet. */
const UNKNOWN_VALUE = '--';

export interface IssueFormProps {
  /** Licenses the wallet may issue with (owned or rented). */
  readonly licenses: readonly IssueLicense[];
  /** Pay-token balance in base units, null while unknown. */
  readonly balance: bigint | null;
}

export function IssueForm({ licenses, balance }: IssueFormProps) {
  const intl = useIntl();
  const networkConnected = useIsConnected();
  const nextOptionKey = useRef(2);

  const [licenseId, setLicenseId] = useState('');
  const [event, setEvent] = useState('');
  const [options, setOptions] = useState<readonly OptionDraft[]>([
    { key: 0, text: '' },
    { key: 1, text: '' },
  ]);
  // Unix seconds, null while empty.
  const [lastTradingTime, setLastTradingTime] = useState<number | null>(null);
  const [expirationTime, setExpirationTime] = useState<number | null>(null);
  // The earliest moment the date fields offer: when the form opened (the submit checks against its own moment).
  const [openedAt] = useState(() => Math.floor(Date.now() / 1000));
  const [liquidity, setLiquidity] = useState('');
  const [collateral, setCollateral] = useState<CollateralKind>('token');
  const [margin, setMargin] = useState('');
  const [resolutionSource, setResolutionSource] = useState('');
  const [description, setDescription] = useState('');
  // Messages appear on the first submit and then follow every edit; times are checked against the
  // moment of the last submit.
  const [submittedAt, setSubmittedAt] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // After a submit with mistakes, take the user to the first one (it may be far up a long form).
  useEffect(() => {
    if (submittedAt === null) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submittedAt]);

  const validate = (now: number): IssueValidation =>
    validateIssueForm(
      {
        licenseId,
        event,
        options: options.map((option) => option.text),
        lastTradingTime: localDateTimeText(lastTradingTime),
        expirationTime: localDateTimeText(expirationTime),
        liquidity,
        collateral,
        margin,
      },
      { now, networkConnected, licenses, balance },
    );
  const validation = submittedAt === null ? null : validate(submittedAt);
  const fields = validation?.fields ?? {};
  const invalid = (field: keyof IssueValidation['fields']) => fields[field] !== undefined;

  const onSubmit = (submitEvent: FormEvent<HTMLFormElement>) => {
    submitEvent.preventDefault();
    setSubmittedAt(Date.now());
    // A valid form goes on to the metadata upload and the issue transaction, which the wallet work adds.
  };

  return (
    <Form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      data-testid="issue-form"
      aria-label={intl.formatMessage({ id: 'issue.title' })}
    >
      <Group as="section" aria-labelledby="issue-market-title">
        <GroupTitle id="issue-market-title">
          <FormattedMessage id="issue.form.marketSection" />
        </GroupTitle>
        <FormField
          htmlFor="issue-license"
          label={<FormattedMessage id="issue.form.license" />}
          hint={
            <Link to={paths.nft()}>
              <FormattedMessage id="issue.form.getLicense" />
            </Link>
          }
          error={fields.license}
        >
          <Select
            id="issue-license"
            data-testid="issue-license"
            value={licenseId}
            aria-invalid={invalid('license')}
            aria-describedby="issue-license-error"
            onChange={(change) => setLicenseId(change.target.value)}
          >
            <option value="">{intl.formatMessage({ id: 'issue.form.licensePlaceholder' })}</option>
            {licenses.map((license) => (
              <option key={license.id} value={license.id}>
                {intl.formatMessage(
                  { id: license.owned ? 'issue.form.licenseOwned' : 'issue.form.licenseRented' },
                  { id: license.id },
                )}
              </option>
            ))}
          </Select>
        </FormField>

        <FormField htmlFor="issue-event" label={<FormattedMessage id="issue.form.event" />} error={fields.event}>
          <TextArea
            id="issue-event"
            data-testid="issue-event"
            rows={3}
            placeholder={intl.formatMessage({ id: 'issue.form.eventPlaceholder' })}
            value={event}
            aria-invalid={invalid('event')}
            aria-describedby="issue-event-error"
            onChange={(change) => setEvent(change.target.value)}
          />
        </FormField>

        <OptionsField
          options={options}
          listError={fields.options}
          optionErrors={validation?.options ?? []}
          onChange={(key, text) =>
            setOptions((current) => current.map((option) => (option.key === key ? { key, text } : option)))
          }
          onAdd={() => {
            const key = nextOptionKey.current++;
            setOptions((current) => [...current, { key, text: '' }]);
          }}
          onRemove={(key) => setOptions((current) => current.filter((option) => option.key !== key))}
        />

        <TwoColumns>
          <FormField
            htmlFor="issue-last-trading-time"
            label={<FormattedMessage id="issue.form.lastTradingTime" />}
            error={fields.lastTradingTime}
          >
            <DateTimeField
              data-testid="issue-last-trading-time"
              aria-labelledby="issue-last-trading-time-label"
              aria-describedby="issue-last-trading-time-error"
              value={lastTradingTime}
              min={openedAt}
              invalid={invalid('lastTradingTime')}
              onChange={setLastTradingTime}
            />
          </FormField>
          <FormField
            htmlFor="issue-expiration-time"
            label={<FormattedMessage id="issue.form.expirationTime" />}
            error={fields.expirationTime}
          >
            <DateTimeField
              data-testid="issue-expiration-time"
              aria-labelledby="issue-expiration-time-label"
              aria-describedby="issue-expiration-time-error"
              value={expirationTime}
              min={lastTradingTime ?? openedAt}
              invalid={invalid('expirationTime')}
              onChange={setExpirationTime}
            />
          </FormField>
        </TwoColumns>

        <FormField htmlFor="issue-resolution-source" label={<FormattedMessage id="issue.form.resolutionSource" />}>
          <Input
            id="issue-resolution-source"
            data-testid="issue-resolution-source"
            placeholder={intl.formatMessage({ id: 'issue.form.resolutionSourcePlaceholder' })}
            value={resolutionSource}
            onChange={(change) => setResolutionSource(change.target.value)}
          />
        </FormField>
        <FormField htmlFor="issue-description" label={<FormattedMessage id="issue.form.description" />}>
          <TextArea
            id="issue-description"
            data-testid="issue-description"
            rows={3}
            value={description}
            onChange={(change) => setDescription(change.target.value)}
          />
        </FormField>
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
            error={fields.liquidity}
          >
            <Input
              id="issue-liquidity"
              data-testid="issue-liquidity"
              inputMode="decimal"
              autoComplete="off"
              value={liquidity}
              aria-invalid={invalid('liquidity')}
              aria-describedby="issue-liquidity-error"
              onChange={(change) => setLiquidity(change.target.value)}
            />
          </FormField>
          <FormField htmlFor="issue-collateral" label={<FormattedMessage id="issue.form.collateral" />} error={fields.collateral}>
            <Select
              id="issue-collateral"
              data-testid="issue-collateral"
              value={collateral}
              aria-invalid={invalid('collateral')}
              aria-describedby="issue-collateral-error"
              onChange={(change) => setCollateral(change.target.value === 'nft' ? 'nft' : 'token')}
            >
              <option value="token">{intl.formatMessage({ id: 'issue.form.collateralToken' })}</option>
              <option value="nft">{intl.formatMessage({ id: 'issue.form.collateralNft' })}</option>
            </Select>
          </FormField>
          {collateral === 'token' && (
            <FormField
              htmlFor="issue-margin"
              label={<FormattedMessage id="issue.form.margin" values={{ symbol: PAY_TOKEN.symbol }} />}
              hint={<FormattedMessage id="issue.form.marginHint" />}
              error={fields.margin}
            >
              <Input
                id="issue-margin"
                data-testid="issue-margin"
                inputMode="decimal"
                autoComplete="off"
                value={margin}
                aria-invalid={invalid('margin')}
                aria-describedby="issue-margin-error"
                onChange={(change) => setMargin(change.target.value)}
              />
            </FormField>
          )}
        </TwoColumns>
        <ChainValues>
          <div>
            <dt>
              <FormattedMessage id="issue.form.minLiquidity" />
            </dt>
            <dd>{UNKNOWN_VALUE}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="issue.form.minPremium" />
            </dt>
            <dd>{UNKNOWN_VALUE}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="issue.form.feeRate" />
            </dt>
            <dd>{UNKNOWN_VALUE}</dd>
          </div>
        </ChainValues>
        <Note>
          <FormattedMessage id="issue.form.chainValuesNote" />
        </Note>
      </Group>

      <Submit>
        <IssueErrorText error={fields.network} alert />
        <Button type="submit" size="lg" data-testid="issue-submit">
          <FormattedMessage id="issue.form.submit" />
        </Button>
      </Submit>
    </Form>
  );
}

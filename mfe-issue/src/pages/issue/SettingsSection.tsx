import { PAY_TOKEN } from '@prds/shared/chains';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { Input, Select } from '@prds/shared/ui';
import { FormField } from './FormField';
import { ProtocolValues } from './ProtocolValues';
import { Group, GroupTitle, TwoColumns } from './issueFormLayout';
import type { useProtocolParams } from './useIssueChain';
import type { IssueFormState } from './useIssueFormState';
import type { CollateralKind } from './validateIssueForm';

export interface SettingsSectionProps {
  readonly form: IssueFormState;
  /** The protocol's parameters from the chain (useProtocolParams). */
  readonly params: ReturnType<typeof useProtocolParams>;
}

/** The form's second section: what the market is paid in, the liquidity, the bond, and what they mean. */
export function SettingsSection({ form, params }: SettingsSectionProps) {
  const intl = useIntl();
  const { values, fieldError, invalid, edit, touch } = form;
  return (
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
        <AmountField form={form} field="liquidity" labelId="issue.form.liquidity" hintId="issue.form.liquidityHint" />
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
          <AmountField form={form} field="margin" labelId="issue.form.margin" hintId="issue.form.marginHint" />
        )}
      </TwoColumns>
      <ProtocolValues
        params={params.data}
        error={params.error}
        onRetry={() => void params.refetch()}
        optionCount={form.options.length}
        liquidity={form.liquidity}
        bond={form.bond}
      />
    </Group>
  );
}

interface AmountFieldProps {
  readonly form: IssueFormState;
  readonly field: 'liquidity' | 'margin';
  /** Its label, with the pay token's symbol in it. */
  readonly labelId: string;
  readonly hintId: string;
}

/** A pay-token amount the form keeps as typed: the liquidity and the bond (margin). */
function AmountField({ form, field, labelId, hintId }: AmountFieldProps) {
  const id = `issue-${field}`;
  return (
    <FormField
      htmlFor={id}
      label={<FormattedMessage id={labelId} values={{ symbol: PAY_TOKEN.symbol }} />}
      hint={<FormattedMessage id={hintId} />}
      error={form.fieldError(field)}
    >
      <Input
        id={id}
        data-testid={id}
        inputMode="decimal"
        autoComplete="off"
        value={form.values[field]}
        aria-invalid={form.invalid(field)}
        aria-describedby={`${id}-error`}
        onChange={(change) => form.edit(field, change.target.value)}
        onBlur={() => form.touch(field)}
      />
    </FormField>
  );
}

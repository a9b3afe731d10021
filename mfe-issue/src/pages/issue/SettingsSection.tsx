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
        optionCount={form.options.length}
        liquidity={form.liquidity}
        bond={form.bond}
      />
    </Group>
  );
}

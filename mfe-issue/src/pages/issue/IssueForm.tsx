import { useRef } from 'react';
import { useIntl } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { useWallet } from '@prds/shared/wallet';
import { IssueSuccess } from './IssueSuccess';
import { MarketSection } from './MarketSection';
import { NoUsableLicense } from './NoUsableLicense';
import { SettingsSection } from './SettingsSection';
import { SubmitSection } from './SubmitSection';
import { useChainNow, useIssueLicenses, useProtocolParams } from './useIssueChain';
import { useIssueFormState } from './useIssueFormState';
import { useIssueSubmit } from './useIssueSubmit';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

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
  const wallet = useWallet();
  const now = useChainNow();
  const params = useProtocolParams();
  const licenses = useIssueLicenses(now);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useIssueFormState({ presetLicense, now, licenses: licenses.choices, protocol: params.data ?? null, formRef });
  const submit = useIssueSubmit(form);
  const { stage } = submit;

  if (stage.kind === 'success') return <IssueSuccess txState={submit.tx.state} marketId={stage.marketId} />;

  // A wallet with no License that can issue now gets why and the ways forward, not a form it cannot send.
  if (wallet.isConnected && !licenses.isLoading && licenses.error === null && licenses.choices.length === 0) {
    return <NoUsableLicense blocked={licenses.blocked} />;
  }

  return (
    <Form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit.onSubmit(event)}
      data-testid="issue-form"
      data-stage={stage.kind}
      aria-label={intl.formatMessage({ id: 'issue.title' })}
      aria-busy={submit.busy}
    >
      <MarketSection form={form} licenses={licenses} connected={wallet.isConnected} now={now} />
      <SettingsSection form={form} params={params} />
      <SubmitSection form={form} submit={submit} />
    </Form>
  );
}

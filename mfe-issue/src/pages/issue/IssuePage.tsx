import { useSearchParams } from 'react-router-dom';
import { FormattedMessage } from '@prds/shared/i18n';
import { Page, PageHeading } from '@prds/shared/ui';
import { IssueForm } from './IssueForm';
import { MyMarkets } from './mine/MyMarkets';

/** A License id as `/issue?license=<id>` may name it (paths.issue({ license })); anything else is ignored. */
function presetLicenseOf(value: string | null): string | null {
  return value !== null && /^[1-9]\d{0,19}$/.test(value) ? value : null;
}

/** `/issue`: issue a prediction market, and the markets the wallet issued. */
export function IssuePage() {
  const [search] = useSearchParams();
  const presetLicense = presetLicenseOf(search.get('license'));
  return (
    <Page data-testid="page-issue">
      <PageHeading description={<FormattedMessage id="issue.intro" />}>
        <FormattedMessage id="issue.title" />
      </PageHeading>
      {/* A new preset (the License remote's link followed again) starts from that License. */}
      <IssueForm key={presetLicense ?? ''} presetLicense={presetLicense} />
      <MyMarkets />
    </Page>
  );
}

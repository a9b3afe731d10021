import { Card, EmptyState, FormattedMessage, Page, PageHeading, styled } from '@prds/shared';
import { IssueForm } from './IssueForm';
import type { IssueLicense } from './validateIssueForm';

const MineTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

// Until a wallet connects (a later issue) there are no Licenses to issue with and no balance to check.
const NO_LICENSES: readonly IssueLicense[] = [];

/** `/issue`: issue a prediction market, and the issuer's own markets. */
export function IssuePage() {
  return (
    <Page data-testid="page-issue">
      <PageHeading description={<FormattedMessage id="issue.intro" />}>
        <FormattedMessage id="issue.title" />
      </PageHeading>
      <IssueForm licenses={NO_LICENSES} balance={null} />
      <Card as="section" aria-labelledby="issue-mine-title" data-testid="issue-my-markets">
        <MineTitle id="issue-mine-title">
          <FormattedMessage id="issue.mine.title" />
        </MineTitle>
        <EmptyState title={<FormattedMessage id="issue.mine.empty" />} description={<FormattedMessage id="issue.mine.hint" />} />
      </Card>
    </Page>
  );
}

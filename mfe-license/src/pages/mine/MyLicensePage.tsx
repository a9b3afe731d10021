import { Card, EmptyState, FormattedMessage, PAY_TOKEN, Page, PageHeading, styled } from '@prds/shared';
import { LicenseTabs } from '../LicenseTabs';

const Actions = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr);
  margin: ${({ theme }) => theme.spacing.md} 0 0;

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  dt {
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
  dd {
    margin: ${({ theme }) => theme.spacing.xs} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

/** `/nft/mine`: the wallet's Licenses and what can be done with them. */
export function MyLicensePage() {
  return (
    <Page data-testid="page-nft-mine">
      <PageHeading description={<FormattedMessage id="license.mine.intro" />}>
        <FormattedMessage id="license.mine.title" />
      </PageHeading>
      <LicenseTabs />
      <EmptyState data-testid="license-mine-empty" title={<FormattedMessage id="license.mine.connect" />} />
      <Card as="section" aria-labelledby="license-actions-title">
        <Title id="license-actions-title">
          <FormattedMessage id="license.mine.actionsTitle" />
        </Title>
        <Actions>
          <div data-testid="license-action-sell">
            <dt>
              <FormattedMessage id="license.action.sell" />
            </dt>
            <dd>
              <FormattedMessage id="license.action.sellDesc" />
            </dd>
          </div>
          <div data-testid="license-action-rent">
            <dt>
              <FormattedMessage id="license.action.rent" />
            </dt>
            <dd>
              <FormattedMessage id="license.action.rentDesc" />
            </dd>
          </div>
          <div data-testid="license-action-mint">
            <dt>
              <FormattedMessage id="license.action.mint" />
            </dt>
            <dd>
              <FormattedMessage id="license.action.mintDesc" values={{ symbol: PAY_TOKEN.symbol }} />
            </dd>
          </div>
          <div data-testid="license-action-cancel-rent">
            <dt>
              <FormattedMessage id="license.action.cancelRent" />
            </dt>
            <dd>
              <FormattedMessage id="license.action.cancelRentDesc" />
            </dd>
          </div>
        </Actions>
      </Card>
    </Page>
  );
}

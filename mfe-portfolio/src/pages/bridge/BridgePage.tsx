import {
  Card,
  EmptyState,
  FormattedMessage,
  Page,
  PageHeading,
  desireChainIdAtom,
  getChainConfig,
  styled,
  useAtomValue,
} from '@prds/shared';

const Networks = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr);

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: ${({ theme }) => theme.spacing.xs} 0 0;
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

/** `/bridge`: moving tokens between networks. The spec names it without details, so the page says it is not open. */
export function BridgePage() {
  const chain = getChainConfig(useAtomValue(desireChainIdAtom));
  return (
    <Page data-testid="page-bridge">
      <PageHeading description={<FormattedMessage id="portfolio.bridge.intro" />}>
        <FormattedMessage id="portfolio.bridge.title" />
      </PageHeading>
      <Networks as="dl">
        <div>
          <dt>
            <FormattedMessage id="portfolio.bridge.from" />
          </dt>
          <dd data-testid="bridge-from">{chain.chainName}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="portfolio.bridge.to" />
          </dt>
          <dd data-testid="bridge-to">--</dd>
        </div>
      </Networks>
      <EmptyState
        data-testid="bridge-unavailable"
        title={<FormattedMessage id="portfolio.bridge.unavailable" values={{ chain: chain.chainName }} />}
      />
    </Page>
  );
}

import { Card, FormattedMessage, styled } from '@prds/shared';

const Figures = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  margin: 0;

  @media ${({ theme }) => theme.breakpoints.desktop} {
    grid-template-columns: repeat(5, minmax(0, 1fr));
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: ${({ theme }) => theme.spacing.xs} 0 0;
    font-size: ${({ theme }) => theme.font.size.xl};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    font-variant-numeric: tabular-nums;
  }
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

// ARCHITECTURE "Position figures": invested, pending payoff, total payoff, profit, yesterday's profit.
const FIGURES = [
  { key: 'invested', labelId: 'portfolio.pnl.invested' },
  { key: 'pendingPayoff', labelId: 'portfolio.pnl.pendingPayoff' },
  { key: 'totalPayoff', labelId: 'portfolio.pnl.totalPayoff' },
  { key: 'profit', labelId: 'portfolio.pnl.profit' },
  { key: 'yesterdayProfit', labelId: 'portfolio.pnl.yesterdayProfit' },
] as const;

/** Without a wallet there are no figures to show; '--' says "unknown", not zero. */
const UNKNOWN_FIGURE = '--';

export function PnlSummary() {
  return (
    <Card as="section" aria-labelledby="portfolio-pnl-title" data-testid="portfolio-pnl">
      <Title id="portfolio-pnl-title">
        <FormattedMessage id="portfolio.pnl.title" />
      </Title>
      <Figures>
        {FIGURES.map((figure) => (
          <div key={figure.key} data-testid={`portfolio-pnl-${figure.key}`}>
            <dt>
              <FormattedMessage id={figure.labelId} />
            </dt>
            <dd>{UNKNOWN_FIGURE}</dd>
          </div>
        ))}
      </Figures>
    </Card>
  );
}

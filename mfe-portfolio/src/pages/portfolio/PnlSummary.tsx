import { FormattedMessage, type MessageDescriptor } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { Card } from '@prds/shared/ui';
import { TokenAmount } from '../../common/TokenAmount';

const Figures = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  margin: 0;

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  @media ${({ theme }) => theme.breakpoints.desktop} {
    grid-template-columns: repeat(7, minmax(0, 1fr));
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: ${({ theme }) => theme.spacing.xs} 0 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    font-variant-numeric: tabular-nums;
  }
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

/** The figures, wei strings; null while unknown (no wallet, loading, failed). */
export interface PnlFigures {
  readonly cash: string | null;
  readonly portfolio: string | null;
  readonly invested: string | null;
  readonly pendingPayoff: string | null;
  readonly totalPayoff: string | null;
  readonly profit: string | null;
  readonly yesterdayProfit: string | null;
}

type FigureKey = keyof PnlFigures;

// Spec §3 statics (cash, portfolio value) and the user position's figures over all markets
// (ARCHITECTURE "Position figures"): invested, pending payoff, total payoff, profit, yesterday's profit.
const FIGURES: readonly { key: FigureKey; label: MessageDescriptor; signed: boolean }[] = [
  { key: 'cash', label: { id: 'portfolio.pnl.cash' }, signed: false },
  { key: 'portfolio', label: { id: 'portfolio.pnl.portfolio' }, signed: false },
  { key: 'invested', label: { id: 'portfolio.pnl.invested' }, signed: false },
  { key: 'pendingPayoff', label: { id: 'portfolio.pnl.pendingPayoff' }, signed: false },
  { key: 'totalPayoff', label: { id: 'portfolio.pnl.totalPayoff' }, signed: false },
  { key: 'profit', label: { id: 'portfolio.pnl.profit' }, signed: true },
  { key: 'yesterdayProfit', label: { id: 'portfolio.pnl.yesterdayProfit' }, signed: true },
];

export const UNKNOWN_FIGURES: PnlFigures = {
  cash: null,
  portfolio: null,
  invested: null,
  pendingPayoff: null,
  totalPayoff: null,
  profit: null,
  yesterdayProfit: null,
};

/** The headline figures (K / M / B with 2 decimals, spec §5); '--' says "unknown", not zero. */
export function PnlSummary({ figures }: { figures: PnlFigures }) {
  return (
    <Card as="section" aria-labelledby="portfolio-pnl-title" data-testid="portfolio-pnl">
      <Title id="portfolio-pnl-title">
        <FormattedMessage id="portfolio.pnl.title" />
      </Title>
      <Figures>
        {FIGURES.map((figure) => (
          <div key={figure.key} data-testid={`portfolio-pnl-${figure.key}`}>
            <dt>
              <FormattedMessage {...figure.label} />
            </dt>
            <dd>
              <TokenAmount
                wei={figures[figure.key]}
                compact
                signed={figure.signed}
                data-testid={`portfolio-pnl-${figure.key}-value`}
              />
            </dd>
          </div>
        ))}
      </Figures>
    </Card>
  );
}

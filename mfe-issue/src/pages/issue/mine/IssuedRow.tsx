import { Link } from 'react-router-dom';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { type IssuedMarket } from '@prds/shared/issue';
import { MarketEvent, MarketStateBadge } from '@prds/shared/markets';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Badge, Button, Usdt } from '@prds/shared/ui';
import { canCancel, issuerDuty, type IssuerDuty } from './issuerDuty';

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  min-width: 0;

  &:first-of-type {
    border-top: 0;
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};

  a {
    flex: 1 1 16em;
    min-width: 0;
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.font.weight.medium};
    text-decoration: none;
  }
  a:hover,
  a:focus-visible {
    text-decoration: underline;
  }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
  dd small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
`;

const Foot = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Duty = styled.p<{ $urgent: boolean }>`
  flex: 1 1 16em;
  color: ${({ theme, $urgent }) => ($urgent ? theme.colors.warning : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme, $urgent }) => ($urgent ? theme.font.weight.medium : theme.font.weight.regular)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/** To the detail page, where the issuer panel does what the duty says. */
const ActLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
`;

const BOND_LABEL = {
  locked: { id: 'issue.mine.bondLocked' },
  released: { id: 'issue.mine.bondReleased' },
  slashed: { id: 'issue.mine.bondSlashed' },
} as const;

function DutyText({ duty }: { duty: IssuerDuty }) {
  const date = useFormat().dateTime;
  switch (duty.kind) {
    case 'respond':
      return <FormattedMessage id="issue.duty.respond" values={{ deadline: date(duty.deadline) }} />;
    case 'confirm':
      return <FormattedMessage id="issue.duty.confirm" values={{ deadline: date(duty.deadline) }} />;
    case 'claim':
      return <FormattedMessage id="issue.duty.claim" values={{ amount: <Usdt wei={duty.amount} /> }} />;
    case 'confirmAfter':
      return <FormattedMessage id="issue.duty.confirmAfter" values={{ from: date(duty.from), deadline: date(duty.deadline) }} />;
    case 'none':
      return <FormattedMessage id="issue.duty.none" />;
  }
}

export interface IssuedRowProps {
  readonly market: IssuedMarket;
  /** The issuer's share of the buy fee (Markets.params().issuerShareBps), for the fees a live market has earned so far. */
  readonly issuerShareBps: number | null;
  readonly onCancel: (market: IssuedMarket) => void;
}

/**
 * One market the wallet issued: its state, what it needs from the issuer now, its volume, the fees it
 * earned, the issuer's profit and the margin backing it. The actions on it (confirm, confirm early,
 * concede, appeal, add margin, claim) are the detail page's issuer panel; cancelling one no one has
 * bought into is here.
 */
export function IssuedRow({ market, issuerShareBps, onCancel }: IssuedRowProps) {
  const duty = issuerDuty(market);
  const urgent = duty.kind === 'respond' || duty.kind === 'confirm' || duty.kind === 'claim';
  const feesSoFar = issuerShareBps === null ? null : (BigInt(market.feeTotal) * BigInt(issuerShareBps)) / 10_000n;
  return (
    <Item data-testid="issue-mine-item" data-market-id={market.id} data-state={market.state} data-duty={duty.kind}>
      <Head>
        <Link to={paths.detail(market.id)} data-testid="issue-mine-link">
          {market.metadataStatus === 'approved' ? (
            <MarketEvent market={market} lines={2} />
          ) : (
            <FormattedMessage id="issue.mine.held" values={{ id: market.id }} />
          )}
        </Link>
        <MarketStateBadge market={market} data-testid="issue-mine-state" />
      </Head>
      <Figures>
        <div>
          <dt>
            <FormattedMessage id="issue.mine.volume" />
          </dt>
          <dd data-testid="issue-mine-volume">
            <Usdt wei={market.volume} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="issue.mine.fees" />
          </dt>
          <dd data-testid="issue-mine-fees">
            {market.issuerFee !== null ? (
              <Usdt wei={market.issuerFee} />
            ) : (
              <>
                <Usdt wei={feesSoFar} />
                <small>
                  <FormattedMessage id="issue.mine.feesPending" />
                </small>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="issue.mine.profit" />
          </dt>
          <dd data-testid="issue-mine-profit">
            {market.issuerProfit !== null ? (
              <Usdt wei={market.issuerProfit} />
            ) : (
              <>
                --
                <small>
                  <FormattedMessage id="issue.mine.profitPending" />
                </small>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="issue.mine.margin" />
          </dt>
          <dd data-testid="issue-mine-margin" data-bond={market.bondState}>
            <Usdt wei={market.margin} />
            <small>
              <FormattedMessage {...BOND_LABEL[market.bondState]} />
              {market.licenseStaked && (
                <>
                  {' · '}
                  <FormattedMessage id="issue.mine.licenseStaked" values={{ license: market.licenseId }} />
                </>
              )}
            </small>
          </dd>
        </div>
      </Figures>
      <Foot>
        <Duty $urgent={urgent} data-testid="issue-mine-duty">
          <DutyText duty={duty} />
        </Duty>
        <Actions>
          {urgent && (
            <ActLink to={paths.detail(market.id)} data-testid="issue-mine-act">
              <FormattedMessage id="issue.mine.act" />
            </ActLink>
          )}
          {canCancel(market) && (
            <Button variant="secondary" size="sm" data-testid="issue-cancel" onClick={() => onCancel(market)}>
              <FormattedMessage id="issue.cancel.open" />
            </Button>
          )}
          <Badge tone="neutral">
            <FormattedMessage id="issue.mine.license" values={{ license: market.licenseId }} />
          </Badge>
        </Actions>
      </Foot>
    </Item>
  );
}

import { Link } from 'react-router-dom';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { fetchIssueConfig, issueConfigQueryKey, MarketEvent, MarketStateBadge } from '@prds/shared/markets';
import { type ReferralReward } from '@prds/shared/portfolio';
import { useQuery } from '@prds/shared/query';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Button, type Column, Muted, PagedTable, usePagedQuery, QrCode } from '@prds/shared/ui';
import { type Address } from '@prds/shared/wallet';
import { CopyButton } from '../../common/CopyButton';
import { Row, Section, SectionTitle } from '../../common/layout';
import { TokenAmount } from '../../common/TokenAmount';
import { fetchReferralRewards, PAGE_SIZE, portfolioKeys } from '../../api';
import type { ClaimStep } from './claims/claimPlan';

const LinkText = styled.code`
  display: block;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
  direction: ltr;
  unicode-bidi: isolate;
`;

const Share = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.lg};
  align-items: flex-start;
`;

const Details = styled.div`
  flex: 1 1 16em;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/**
 * The account's referral link: the market list with `?ref=<account>`, which the market pages keep
 * and the buy passes to the protocol (bound to the buyer once, by the contract).
 */
export function referralLink(origin: string, account: string): string {
  return `${origin}${paths.market()}?ref=${account}`;
}

/** The referral claim of one market (Markets.claimReferral), as a step of the claim runner. */
function referralStep(marketId: string, event: string | null, claimable: string): ClaimStep {
  return {
    key: `${marketId}:referral`,
    marketId,
    event,
    kind: 'referral',
    index: null,
    amount: claimable,
    token: 'payToken',
    refund: false,
  };
}

function rewardColumns(busy: boolean, onClaim: (steps: readonly ClaimStep[]) => void): Column<ReferralReward>[] {
  return [
    {
      key: 'market',
      header: { id: 'portfolio.col.market' },
      className: 'market',
      cell: (reward) => (
        <Link to={paths.detail(reward.marketId)}>
          <MarketEvent market={{ id: reward.marketId, event: reward.event }} lines={2} />
        </Link>
      ),
    },
    {
      key: 'state',
      header: { id: 'portfolio.col.state' },
      cell: (reward) => <MarketStateBadge market={{ label: reward.label, options: [] }} />,
    },
    {
      key: 'accrued',
      header: { id: 'portfolio.col.accrued' },
      align: 'end',
      cell: (reward) => <TokenAmount wei={reward.accrued} data-testid={`referral-${reward.marketId}-accrued`} />,
    },
    {
      key: 'claimable',
      header: { id: 'portfolio.col.claimable' },
      align: 'end',
      cell: (reward) => <TokenAmount wei={reward.claimable} data-testid={`referral-${reward.marketId}-claimable`} />,
    },
    {
      key: 'claimed',
      header: { id: 'portfolio.col.claimed' },
      align: 'end',
      cell: (reward) => <TokenAmount wei={reward.claimed} data-testid={`referral-${reward.marketId}-claimed`} />,
    },
    {
      key: 'action',
      header: { id: 'portfolio.col.action' },
      cell: (reward) =>
        BigInt(reward.claimable) > 0n && (
          <Button
            size="sm"
            disabled={busy}
            onClick={() => onClaim([referralStep(reward.marketId, reward.event, reward.claimable)])}
            data-testid={`referral-${reward.marketId}-claim`}
          >
            <FormattedMessage id="portfolio.claim.one" />
          </Button>
        ),
    },
  ];
}

/** Referral rewards: the link to share (copy, QR), and the share of fees earned per market, to claim. */
export function ReferralPanel({
  account,
  busy,
  onClaim,
}: {
  account: Address;
  busy: boolean;
  onClaim: (steps: readonly ClaimStep[]) => void;
}) {
  const intl = useIntl();
  const format = useFormat();
  const link = referralLink(window.location.origin, account);
  const paged = usePagedQuery(
    (page) => portfolioKeys.referral(account, page),
    (page) => fetchReferralRewards(account, page),
  );
  const data = paged.query.data;
  // The protocol's rates (fixed at deployment): the fee on each buy and the referrer's share of it.
  const config = useQuery({ queryKey: issueConfigQueryKey, queryFn: () => fetchIssueConfig(), staleTime: Infinity });
  return (
    <Section as="section" aria-labelledby="portfolio-referral-title" data-testid="portfolio-referral">
      <SectionTitle id="portfolio-referral-title">
        <FormattedMessage id="portfolio.referral.title" />
      </SectionTitle>
      <Share>
        <Details>
          <Muted>
            <FormattedMessage id="portfolio.referral.hint" />
          </Muted>
          {config.data !== undefined && (
            <Muted data-testid="referral-rate">
              <FormattedMessage
                id="portfolio.referral.rate"
                values={{ share: format.rate(config.data.referrerShareBps), fee: format.rate(config.data.feeBps) }}
              />
            </Muted>
          )}
          <LinkText data-testid="referral-link">{link}</LinkText>
          <CopyButton text={link} label={intl.formatMessage({ id: 'portfolio.referral.link' })} data-testid="referral-copy" />
          {data !== undefined && (
            <Row data-testid="referral-summary">
              <FormattedMessage
                id="portfolio.referral.summary"
                values={{
                  referred: data.summary.referred,
                  accrued: <TokenAmount wei={data.summary.totals.accrued} compact data-testid="referral-accrued" />,
                  claimable: <TokenAmount wei={data.summary.totals.claimable} compact data-testid="referral-claimable" />,
                  claimed: <TokenAmount wei={data.summary.totals.claimed} compact data-testid="referral-claimed" />,
                }}
              />
            </Row>
          )}
        </Details>
        <QrCode text={link} size={144} label={intl.formatMessage({ id: 'portfolio.referral.qr' })} data-testid="referral-qr" />
      </Share>
      <PagedTable
        paged={paged}
        pageSize={PAGE_SIZE}
        emptyTitle={<FormattedMessage id="portfolio.empty.referral" />}
        data-testid="referral"
        columns={rewardColumns(busy, onClaim)}
        rowKey={(reward) => reward.marketId}
        rowData={(reward) => ({ 'data-testid': `referral-${reward.marketId}` })}
      />
    </Section>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type Address,
  Button,
  FormattedMessage,
  keepPreviousData,
  MarketEvent,
  MarketStateBadge,
  Muted,
  paths,
  styled,
  useFormat,
  useIntl,
  useQuery,
  QrCode,
} from '@prds/shared';
import { CopyButton } from '../../common/CopyButton';
import { Row, Section, SectionTitle } from '../../common/layout';
import { ListState, Pager, Table, TableScroll } from '../../common/Table';
import { TokenAmount } from '../../common/TokenAmount';
import { fetchIssueConfig, fetchReferralRewards, issueConfigKey, PAGE_SIZE, portfolioKeys } from '../../portfolioApi';
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
  const [page, setPage] = useState(1);
  const link = referralLink(window.location.origin, account);
  const query = useQuery({
    queryKey: portfolioKeys.referral(account, page),
    queryFn: () => fetchReferralRewards(account, page),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  // The protocol's rates (fixed at deployment): the fee on each buy and the referrer's share of it.
  const config = useQuery({ queryKey: issueConfigKey, queryFn: () => fetchIssueConfig(), staleTime: Infinity });
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
      <ListState
        loading={query.isPending}
        error={query.isError ? query.error : null}
        empty={data !== undefined && data.total === 0}
        emptyTitle={<FormattedMessage id="portfolio.empty.referral" />}
        onRetry={() => void query.refetch()}
        data-testid="referral"
      >
        {data !== undefined && (
          <>
            <TableScroll>
              <Table data-testid="referral-table">
                <thead>
                  <tr>
                    <th>
                      <FormattedMessage id="portfolio.col.market" />
                    </th>
                    <th>
                      <FormattedMessage id="portfolio.col.state" />
                    </th>
                    <th className="num">
                      <FormattedMessage id="portfolio.col.accrued" />
                    </th>
                    <th className="num">
                      <FormattedMessage id="portfolio.col.claimable" />
                    </th>
                    <th className="num">
                      <FormattedMessage id="portfolio.col.claimed" />
                    </th>
                    <th>
                      <FormattedMessage id="portfolio.col.action" />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((reward) => (
                    <tr key={reward.marketId} data-testid={`referral-${reward.marketId}`}>
                      <td className="market">
                        <Link to={paths.detail(reward.marketId)}>
                          <MarketEvent market={{ id: reward.marketId, event: reward.event }} lines={2} />
                        </Link>
                      </td>
                      <td>
                        <MarketStateBadge market={{ label: reward.label, options: [] }} />
                      </td>
                      <td className="num">
                        <TokenAmount wei={reward.accrued} data-testid={`referral-${reward.marketId}-accrued`} />
                      </td>
                      <td className="num">
                        <TokenAmount wei={reward.claimable} data-testid={`referral-${reward.marketId}-claimable`} />
                      </td>
                      <td className="num">
                        <TokenAmount wei={reward.claimed} data-testid={`referral-${reward.marketId}-claimed`} />
                      </td>
                      <td>
                        {BigInt(reward.claimable) > 0n && (
                          <Button
                            size="sm"
                            disabled={busy}
                            onClick={() => onClaim([referralStep(reward.marketId, reward.event, reward.claimable)])}
                            data-testid={`referral-${reward.marketId}-claim`}
                          >
                            <FormattedMessage id="portfolio.claim.one" />
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
            <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
          </>
        )}
      </ListState>
    </Section>
  );
}

import type { ReactNode } from 'react';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import {
  MARKET_CATEGORIES,
  type MarketCategory,
  type MarketDetailView,
  MarketEvent,
  MarketStateBadge,
} from '@prds/shared/markets';
import { styled } from '@prds/shared/theme';
import { PageHeading, UserText, Usdt } from '@prds/shared/ui';
import { CATEGORY_LABEL } from '../../list/marketLabels';
import { DetailSection, Facts } from '../DetailSection';
import { IssuerFacts } from './IssuerFacts';
import { MIN_PREMIUM_TEXT, minPremiumStatus } from './minPremiumStatus';
import { Moment } from './Moment';
import { safeHttpUrl } from './safeLink';

function isMarketCategory(value: string): value is MarketCategory {
  return MARKET_CATEGORIES.some((category) => category === value);
}

const Event = styled.span`
  unicode-bidi: plaintext;
`;

const Text = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
  unicode-bidi: plaintext;
`;

const Link = styled.a`
  color: ${({ theme }) => theme.colors.primary};
  overflow-wrap: anywhere;
`;

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Issuer-written text: a link only when it is an http(s) URL, else plain text. */
function SourceText({ text, testId }: { text: string; testId: string }) {
  const url = safeHttpUrl(text);
  return url === null ? (
    <UserText text={text} data-testid={testId} />
  ) : (
    <Link href={url} target="_blank" rel="noopener noreferrer nofollow" dir="auto" data-testid={testId}>
      {text}
    </Link>
  );
}

/** The page's heading (event, state) and everything a buyer should know before buying. */
export function MarketHeader({ view, now, actions }: { view: MarketDetailView; now: number; actions: ReactNode }) {
  const format = useFormat();
  const { market, issuerRecord } = view;
  const premium = minPremiumStatus(market, now);
  return (
    <>
      <PageHeading
        actions={
          <>
            <MarketStateBadge market={market} data-testid="detail-state" />
            {actions}
          </>
        }
      >
        <Event dir="auto" data-testid="detail-event">
          <MarketEvent market={market} />
        </Event>
      </PageHeading>

      <DetailSection id="about" title={<FormattedMessage id="market.detail.about.title" />}>
        {market.description !== null && market.description !== '' && (
          <Text dir="auto" data-testid="detail-description">
            {market.description}
          </Text>
        )}
        <Facts>
          {market.category !== null && (
            <Fact label={<FormattedMessage id="market.detail.category" />}>
              <span data-testid="detail-category">
                {isMarketCategory(market.category) ? <FormattedMessage {...CATEGORY_LABEL[market.category]} /> : market.category}
              </span>
            </Fact>
          )}
          {market.resolutionSource !== null && market.resolutionSource !== '' && (
            <Fact label={<FormattedMessage id="market.detail.resolutionSource" />}>
              <SourceText text={market.resolutionSource} testId="detail-resolution-source" />
            </Fact>
          )}
          {market.url !== null && market.url !== '' && (
            <Fact label={<FormattedMessage id="market.detail.url" />}>
              <SourceText text={market.url} testId="detail-url" />
            </Fact>
          )}
          {market.content !== null && market.content !== '' && (
            <Fact label={<FormattedMessage id="market.detail.content" />}>
              <Text dir="auto" data-testid="detail-content">
                {market.content}
              </Text>
            </Fact>
          )}
          <Fact label={<FormattedMessage id="market.detail.issuer" />}>
            <IssuerFacts issuer={market.issuer} record={issuerRecord} />
          </Fact>
          <Fact label={<FormattedMessage id="market.detail.lastTradingTime" />}>
            <Moment target={market.lastTradingTime} now={now} testId="detail-last-trading" />
          </Fact>
          <Fact label={<FormattedMessage id="market.detail.expirationTime" />}>
            <Moment target={market.expirationTime} now={now} testId="detail-expiration" />
          </Fact>
          <Fact label={<FormattedMessage id="market.detail.volume" />}>
            <span data-testid="detail-volume" data-value={market.volume}>
              <Usdt wei={market.volume} />
            </span>
          </Fact>
          <Fact label={<FormattedMessage id="market.detail.pool" />}>
            <span data-testid="detail-pool" data-value={market.pool}>
              <Usdt wei={market.pool} />
            </span>
          </Fact>
          <Fact label={<FormattedMessage id="market.detail.remainingCapacity" />}>
            <span data-testid="detail-remaining-capacity" data-value={market.remainingCapacity}>
              <FormattedMessage
                id="market.detail.remainingCapacityOf"
                values={{ remaining: <Usdt wei={market.remainingCapacity} />, capacity: <Usdt wei={market.capacity} /> }}
              />
            </span>
          </Fact>
          <Fact label={<FormattedMessage id="market.detail.minInvest" />}>
            <span data-testid="detail-min-invest" data-value={market.minInvest}>
              <Usdt wei={market.minInvest} />
            </span>
          </Fact>
          <Fact label={<FormattedMessage id="market.detail.feeRate" />}>
            <span data-testid="detail-fee-rate" data-value={market.feeBps}>
              <FormattedMessage id="common.market.percent" values={{ value: format.rate(market.feeBps) }} />
            </span>
          </Fact>
          <Fact label={<FormattedMessage id="market.detail.rewardRate" />}>
            <span data-testid="detail-reward-rate" data-value={market.rewardRateBps}>
              <FormattedMessage id="common.market.percent" values={{ value: format.rate(market.rewardRateBps) }} />
            </span>
          </Fact>
          <Fact label={<FormattedMessage id="market.detail.marginFeeRate" />}>
            <span data-testid="detail-margin-fee-rate" data-value={market.marginFeeBps}>
              <FormattedMessage id="common.market.percent" values={{ value: format.rate(market.marginFeeBps) }} />
            </span>
          </Fact>
          <Fact label={<FormattedMessage id="market.detail.collateral" />}>
            <span data-testid="detail-collateral" data-value={market.collateral}>
              {market.collateral === 'nft' ? (
                <FormattedMessage
                  id="market.detail.collateralLicense"
                  values={{ id: market.licenseId, value: <Usdt wei={market.licenseValue} /> }}
                />
              ) : (
                <FormattedMessage id="market.detail.collateralToken" values={{ margin: <Usdt wei={market.margin} /> }} />
              )}
            </span>
          </Fact>
          <Fact label={<FormattedMessage id="market.detail.liquidity" />}>
            <Usdt wei={market.liquidity} />
          </Fact>
          <Fact label={<FormattedMessage id="market.detail.minPremium" />}>
            <span data-testid="detail-min-premium" data-reached={market.premiumReached} data-status={premium}>
              <FormattedMessage {...MIN_PREMIUM_TEXT[premium]} values={{ amount: <Usdt wei={market.minPremium} /> }} />
            </span>
          </Fact>
        </Facts>
      </DetailSection>
    </>
  );
}

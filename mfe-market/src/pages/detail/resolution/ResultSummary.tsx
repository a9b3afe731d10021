import { FormattedMessage, OptionName, useIntl, type MarketDetail, type MarketOptionView } from '@prds/shared';
import { Facts } from '../DetailSection';
import { Moment } from '../header/Moment';

function optionAt(market: MarketDetail, index: number | null): MarketOptionView | undefined {
  return index === null ? undefined : market.options.find((o) => o.index === index);
}

function When({ time }: { time: number }) {
  const intl = useIntl();
  const date = new Date(time * 1000);
  return <time dateTime={date.toISOString()}>{intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' })}</time>;
}

/** The result as it stands: the issuer's confirmed claim and when, the window left, the DAO's decision. */
export function ResultSummary({ market, now }: { market: MarketDetail; now: number }) {
  const standing = optionAt(market, market.result);
  const issuerClaim = optionAt(market, market.issuerResult);
  const dao = optionAt(market, market.daoResult);
  if (market.confirmedAt === null && dao === undefined && market.invalidReason === null) {
    return (
      <p data-testid="resolution-result" data-result="none">
        <FormattedMessage id="market.resolution.noResult" />
      </p>
    );
  }
  return (
    <Facts>
      {standing !== undefined && (
        <div>
          <dt>
            <FormattedMessage id="market.resolution.result" />
          </dt>
          <dd data-testid="resolution-result" data-result={standing.index}>
            <OptionName option={standing} />
            {market.early && (
              <>
                {' '}
                <FormattedMessage id="market.resolution.early" />
              </>
            )}
          </dd>
        </div>
      )}
      {issuerClaim !== undefined && issuerClaim.index !== standing?.index && (
        <div>
          <dt>
            <FormattedMessage id="market.resolution.issuerResult" />
          </dt>
          <dd>
            <OptionName option={issuerClaim} />
          </dd>
        </div>
      )}
      {market.confirmedAt !== null && (
        <div>
          <dt>
            <FormattedMessage id="market.resolution.confirmedAt" />
          </dt>
          <dd data-testid="resolution-confirmed-at" data-time={market.confirmedAt}>
            <When time={market.confirmedAt} />
          </dd>
        </div>
      )}
      {market.early && market.knownAt !== null && market.knownAt > 0 && (
        <div>
          <dt>
            <FormattedMessage id="market.resolution.knownAt" />
          </dt>
          <dd data-testid="resolution-known-at">
            <When time={market.knownAt} />
          </dd>
        </div>
      )}
      {market.windowEnd !== null &&
        market.finalizedAt === null &&
        (market.phase === 'Confirmed' || market.phase === 'Challenging') && (
          <div>
            <dt>
              <FormattedMessage id="market.resolution.windowEnd" />
            </dt>
            <dd>
              <Moment target={market.windowEnd} now={now} testId="resolution-window-end" />
            </dd>
          </div>
        )}
      {market.phase === 'Challenging' && market.responseEnd !== null && (
        <div>
          <dt>
            <FormattedMessage id="market.resolution.responseEnd" />
          </dt>
          <dd>
            <Moment target={market.responseEnd} now={now} testId="resolution-response-end" />
          </dd>
        </div>
      )}
      {dao !== undefined && (
        <div>
          <dt>
            <FormattedMessage id="market.resolution.daoResult" />
          </dt>
          <dd data-testid="resolution-dao-result" data-result={dao.index}>
            <OptionName option={dao} />
          </dd>
        </div>
      )}
      {market.invalidReason !== null && (
        <div>
          <dt>
            <FormattedMessage id="market.resolution.invalid" />
          </dt>
          <dd data-testid="resolution-invalid">
            {market.invalidReason === 'AbsentNoQuorum' ? (
              <FormattedMessage id="market.resolution.invalidAbsentNoQuorum" />
            ) : (
              <FormattedMessage id="market.resolution.invalidVote" />
            )}
          </dd>
        </div>
      )}
      {market.finalizedAt !== null && (
        <div>
          <dt>
            <FormattedMessage id="market.resolution.finalizedAt" />
          </dt>
          <dd data-testid="resolution-finalized-at">
            <When time={market.finalizedAt} />
          </dd>
        </div>
      )}
    </Facts>
  );
}

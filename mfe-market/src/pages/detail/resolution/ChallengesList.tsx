import { PLATFORM_TOKEN } from '@prds/shared/chains';
import { fromUnits, useFormat } from '@prds/shared/format';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { OptionName, apiUrl, type ChallengeView, type MarketDetail } from '@prds/shared/markets';
import { styled } from '@prds/shared/theme';
import { Usdt } from '@prds/shared/ui';
import { shortAddress } from '@prds/shared/wallet';
import { Panel } from './panel';
import { CHALLENGE_STATUS_LABEL, COMPENSATION_STATE_LABEL, labelOf } from './resolutionMessages';

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  grid-template-columns: minmax(0, 1fr);
  padding: ${({ theme }) => theme.spacing.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: minmax(0, 1fr) auto;
  }
`;

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Evidence = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Thumb = styled.img`
  width: 2.4rem;
  max-width: 100%;
  height: 1.8rem;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

function ChallengeItem({ market, challenge }: { market: MarketDetail; challenge: ChallengeView }) {
  const intl = useIntl();
  const format = useFormat();
  const claimed = market.options.find((o) => o.index === challenge.option);
  const status = labelOf(CHALLENGE_STATUS_LABEL, challenge.status);
  const compensation = labelOf(COMPENSATION_STATE_LABEL, challenge.compensationState);
  const imageUrl = challenge.evidence?.imageUrl ? apiUrl(challenge.evidence.imageUrl) : null;
  return (
    <Item data-testid={`challenge-item-${challenge.index}`} data-status={challenge.status}>
      <div>
        <Line>
          <strong>
            <FormattedMessage id="market.resolution.challenges.number" values={{ number: challenge.index + 1 }} />
          </strong>
          <span title={challenge.challenger}>{shortAddress(challenge.challenger)}</span>
          <span>
            <FormattedMessage
              id="market.resolution.challenges.claims"
              values={{ option: claimed ? <OptionName option={claimed} /> : challenge.option + 1 }}
            />
          </span>
          {challenge.knownAt > 0 && (
            <span>
              <FormattedMessage id="market.resolution.challenges.knownAt" values={{ time: format.dateTime(challenge.knownAt) }} />
            </span>
          )}
        </Line>
        <Line>
          <span>
            <FormattedMessage
              id="market.resolution.challenges.stake"
              values={{
                amount: format.amount(fromUnits(challenge.stake, PLATFORM_TOKEN.decimals)),
                symbol: PLATFORM_TOKEN.symbol,
              }}
            />
          </span>
          {status !== null && (
            <span data-testid={`challenge-status-${challenge.index}`}>
              <FormattedMessage {...status} />
            </span>
          )}
          {compensation !== null && (
            <span data-testid={`challenge-compensation-state-${challenge.index}`}>
              <FormattedMessage {...compensation} /> {challenge.compensation !== null && <Usdt wei={challenge.compensation} />}
            </span>
          )}
        </Line>
        {challenge.evidence?.text ? (
          <Evidence dir="auto">{challenge.evidence.text}</Evidence>
        ) : challenge.evidence === null ? (
          <Line>
            <FormattedMessage id="market.resolution.challenges.noEvidence" />
          </Line>
        ) : null}
      </div>
      {imageUrl !== null && (
        <a href={imageUrl} target="_blank" rel="noopener noreferrer">
          <Thumb
            src={imageUrl}
            loading="lazy"
            data-testid={`challenge-evidence-image-${challenge.index}`}
            alt={intl.formatMessage({ id: 'market.resolution.challenges.image' }, { number: challenge.index + 1 })}
          />
        </a>
      )}
    </Item>
  );
}

/** The challenges filed against the result, with their evidence. */
export function ChallengesList({ market, challenges }: { market: MarketDetail; challenges: readonly ChallengeView[] }) {
  if (challenges.length === 0) return null;
  return (
    <Panel
      title={<FormattedMessage id="market.resolution.challenges.title" values={{ count: challenges.length }} />}
      testId="challenges-list"
    >
      <List>
        {challenges.map((challenge) => (
          <ChallengeItem key={challenge.index} market={market} challenge={challenge} />
        ))}
      </List>
    </Panel>
  );
}

import { useState, type FormEvent } from 'react';
import { PLATFORM_TOKEN } from '@prds/shared/chains';
import { fromUnits, useFormat, type Format } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { OptionName, type MarketDetail, type VoteChoiceView, type VoteView } from '@prds/shared/markets';
import { queryKeys, useQuery, type QueryKey } from '@prds/shared/query';
import { styled } from '@prds/shared/theme';
import { Button } from '@prds/shared/ui';
import { TransactionStatus, readContract, useTransaction, useWallet } from '@prds/shared/wallet';
import { ChoiceGroup, Muted } from '../DetailSection';
import { Moment } from '../header/Moment';
import { ErrorText, Panel, Stack } from './panel';
import type { ResolutionActions } from './resolutionActions';
import { VOTE_KIND_LABEL, VOTE_TX_MESSAGES, labelOf } from './resolutionMessages';

const Choice = styled.label`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Tally = styled.span`
  font-variant-numeric: tabular-nums;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const prds = (format: Format, wei: string | bigint) => format.amount(fromUnits(wei.toString(), PLATFORM_TOKEN.decimals));

function ChoiceLabel({ market, choice }: { market: MarketDetail; choice: VoteChoiceView }) {
  const option = market.options.find((o) => o.index === choice.option);
  const name = option ? <OptionName option={option} /> : '';
  switch (choice.kind) {
    case 'invalid':
      return <FormattedMessage id="market.resolution.vote.choiceInvalid" />;
    case 'issuer':
      return <FormattedMessage id="market.resolution.vote.choiceIssuer" values={{ option: name }} />;
    case 'challenge':
      return (
        <FormattedMessage
          id="market.resolution.vote.choiceChallenge"
          values={{ number: (choice.challengeIndex ?? 0) + 1, option: name }}
        />
      );
    default:
      return <>{name}</>;
  }
}

/** Share of the votes cast, two decimals, rounded down. */
function share(format: Format, tally: string, total: string): string {
  const t = BigInt(total);
  return t === 0n ? format.amount('0') : format.amount(fromUnits(((BigInt(tally) * 10n ** 20n) / t).toString(), 18), 2);
}

/** The community vote: choices and tallies, the account's voting power at the snapshot, its ballot. */
export function VotePanel({
  market,
  vote,
  actions,
  now,
  invalidate,
}: {
  market: MarketDetail;
  vote: VoteView;
  actions: ResolutionActions;
  now: number;
  invalidate: readonly QueryKey[];
}) {
  const { account, isConnected, desiredChainId } = useWallet();
  const tx = useTransaction(VOTE_TX_MESSAGES);
  const format = useFormat();
  const [choice, setChoice] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const snapshot = vote.snapshotBlock;
  const power = useQuery({
    queryKey: queryKeys.chain(desiredChainId, 'votingPower', account ?? '', snapshot ?? -1),
    enabled: isConnected && account !== null && snapshot !== null,
    queryFn: () => {
      // `enabled` keeps this from running without an account.
      if (account === null) throw new Error('no account');
      return readContract('platformToken', 'getPastVotes', [account, BigInt(snapshot ?? 0)]);
    },
  });
  const myBallot = account === null ? undefined : vote.votes.find((b) => b.voter.toLowerCase() === account.toLowerCase());
  const kind = labelOf(VOTE_KIND_LABEL, vote.kind);
  const canVote = actions.vote === 'available' && power.data !== undefined && power.data > 0n;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) {
      setMissing(true);
      return;
    }
    setMissing(false);
    void tx.run({ contract: 'markets', fn: 'vote', args: [BigInt(market.id), choice], invalidate });
  };

  return (
    <Panel title={<FormattedMessage id="market.resolution.vote.title" />} testId="vote-panel">
      {kind !== null && (
        <Muted>
          <FormattedMessage {...kind} />
        </Muted>
      )}
      {vote.voteEnd !== null && (
        <div>
          <Muted>
            <FormattedMessage id={vote.extended ? 'market.resolution.vote.endExtended' : 'market.resolution.vote.end'} />
          </Muted>
          <Moment target={vote.voteEnd} now={now} testId="vote-end" />
        </div>
      )}
      <Stack onSubmit={onSubmit}>
        <ChoiceGroup disabled={!canVote || tx.busy}>
          {vote.choices.map((c) => (
            <Choice key={c.choice}>
              <input
                type="radio"
                name={`vote-${market.id}`}
                data-testid={`vote-choice-${c.choice}`}
                checked={choice === c.choice || myBallot?.choice === c.choice}
                onChange={() => setChoice(c.choice)}
              />
              <span>
                <ChoiceLabel market={market} choice={c} />
              </span>
              <Tally data-testid={`vote-tally-${c.choice}`} data-value={c.tally}>
                <FormattedMessage
                  id="market.resolution.vote.tally"
                  values={{
                    amount: prds(format, c.tally),
                    share: share(format, c.tally, vote.totalWeight),
                    symbol: PLATFORM_TOKEN.symbol,
                  }}
                />
              </Tally>
            </Choice>
          ))}
        </ChoiceGroup>
        <Muted>
          <FormattedMessage
            id="market.resolution.vote.total"
            values={{ amount: prds(format, vote.totalWeight), voters: vote.voterCount, symbol: PLATFORM_TOKEN.symbol }}
          />
        </Muted>
        {isConnected && (
          <p data-testid="vote-power" data-value={power.data?.toString() ?? ''}>
            {power.isError ? (
              <FormattedMessage id="market.resolution.vote.powerError" />
            ) : power.data === undefined ? (
              <FormattedMessage id="market.resolution.vote.powerLoading" />
            ) : power.data === 0n ? (
              <FormattedMessage id="market.resolution.vote.noPower" />
            ) : (
              <FormattedMessage
                id="market.resolution.vote.power"
                values={{ amount: prds(format, power.data), symbol: PLATFORM_TOKEN.symbol }}
              />
            )}
          </p>
        )}
        {actions.vote === 'notConnected' && (
          <Muted>
            <FormattedMessage id="market.resolution.vote.connect" />
          </Muted>
        )}
        {myBallot !== undefined && (
          <Muted data-testid="vote-ballot">
            <FormattedMessage
              id="market.resolution.vote.voted"
              values={{ amount: prds(format, myBallot.weight), symbol: PLATFORM_TOKEN.symbol }}
            />
          </Muted>
        )}
        {missing && (
          <ErrorText role="alert">
            <FormattedMessage id="market.resolution.vote.chooseError" />
          </ErrorText>
        )}
        {actions.vote === 'available' && (
          <Button type="submit" data-testid="vote-submit" disabled={!canVote || tx.busy}>
            <FormattedMessage id="market.resolution.vote.submit" />
          </Button>
        )}
        <TransactionStatus state={tx.state} />
      </Stack>
    </Panel>
  );
}

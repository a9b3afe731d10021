import { useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { ErrorNotice, Skeleton, Usdt } from '@prds/shared/ui';
import type { ProtocolParams } from './useIssueChain';

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Item = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
  dd {
    margin: 0;
  }
  dd:first-of-type {
    font-weight: ${({ theme }) => theme.font.weight.bold};
    font-variant-numeric: tabular-nums;
  }
  dd + dd {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const DAY = 86_400;

export interface ProtocolValuesProps {
  readonly params: ProtocolParams | undefined;
  readonly error: unknown;
  readonly onRetry: () => void;
  readonly optionCount: number;
  /** The liquidity typed, in pay-token units; null while it is not an amount. */
  readonly liquidity: bigint | null;
  /** The bond (token margin, or the staked License's value); null while unknown. */
  readonly bond: bigint | null;
}

/**
 * The protocol's values as the chain holds them (Markets.params()) and what each means for this
 * market: the liquidity's floor and its split over the options, the premium buyers must reach, the
 * fee and the issuer's share of it, the capacity its bond gives, and the issuer's deadlines.
 */
export function ProtocolValues({ params, error, onRetry, optionCount, liquidity, bond }: ProtocolValuesProps) {
  const format = useFormat();
  if (error && !params) return <ErrorNotice error={error} onRetry={onRetry} data-testid="issue-params-error" />;
  if (!params) return <Skeleton height="6em" />;
  const options = Math.max(optionCount, 1);
  const share = liquidity === null ? null : liquidity / BigInt(options);
  const capacity = bond === null ? null : bond * params.capacityMultiple;
  return (
    <List data-testid="issue-params">
      <Item data-testid="issue-param-min-liquidity">
        <dt>
          <FormattedMessage id="issue.form.minLiquidity" />
        </dt>
        <dd>
          <Usdt wei={params.minLiquidity} />
        </dd>
        <dd>
          {share === null ? (
            <FormattedMessage id="issue.params.liquidityMeaning" values={{ count: options }} />
          ) : (
            <FormattedMessage id="issue.params.liquidityShare" values={{ count: options, share: <Usdt wei={share} /> }} />
          )}
        </dd>
      </Item>
      <Item data-testid="issue-param-min-premium">
        <dt>
          <FormattedMessage id="issue.form.minPremium" />
        </dt>
        <dd>
          <Usdt wei={params.minPremium} />
        </dd>
        <dd>
          <FormattedMessage id="issue.params.premiumMeaning" />
        </dd>
      </Item>
      <Item data-testid="issue-param-fee">
        <dt>
          <FormattedMessage id="issue.form.feeRate" />
        </dt>
        <dd>
          <FormattedMessage id="issue.params.percent" values={{ value: format.rate(params.feeBps) }} />
        </dd>
        <dd>
          <FormattedMessage id="issue.params.feeMeaning" values={{ share: format.rate(params.issuerShareBps) }} />
        </dd>
      </Item>
      <Item data-testid="issue-param-reward">
        <dt>
          <FormattedMessage id="issue.form.rewardRate" />
        </dt>
        <dd>
          <FormattedMessage id="issue.params.percent" values={{ value: format.rate(10_000 - params.feeBps) }} />
        </dd>
        <dd>
          <FormattedMessage id="issue.params.rewardMeaning" />
        </dd>
      </Item>
      <Item data-testid="issue-param-margin-fee">
        <dt>
          <FormattedMessage id="issue.form.marginFeeRate" />
        </dt>
        <dd>
          <FormattedMessage id="issue.params.percent" values={{ value: format.rate(params.marginFeeBps) }} />
        </dd>
        <dd>
          <FormattedMessage id="issue.params.marginFeeMeaning" />
        </dd>
      </Item>
      <Item data-testid="issue-param-capacity">
        <dt>
          <FormattedMessage id="issue.params.capacity" />
        </dt>
        <dd data-testid="issue-capacity">
          {capacity === null ? (
            <FormattedMessage id="issue.params.capacityFormula" values={{ multiple: params.capacityMultiple.toString() }} />
          ) : (
            <FormattedMessage
              id="issue.params.capacityValue"
              values={{ multiple: params.capacityMultiple.toString(), capacity: <Usdt wei={capacity} /> }}
            />
          )}
        </dd>
        <dd>
          <FormattedMessage id="issue.params.capacityMeaning" />
        </dd>
      </Item>
      <Item data-testid="issue-param-deadlines">
        <dt>
          <FormattedMessage id="issue.params.deadlines" />
        </dt>
        <dd>
          <FormattedMessage
            id="issue.params.deadlinesValue"
            values={{ confirm: Math.round(params.confirmationPeriod / DAY), challenge: Math.round(params.challengeWindow / DAY) }}
          />
        </dd>
        <dd>
          <FormattedMessage id="issue.params.deadlinesMeaning" />
        </dd>
      </Item>
    </List>
  );
}

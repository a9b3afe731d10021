import { PAY_TOKEN } from '@prds/shared/chains';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { liveChangedStyles, useChangeHighlight } from '@prds/shared/live';
import { formatMultiplier, type MarketDetail, OptionName, Probability, type MarketOptionView } from '@prds/shared/markets';
import { styled } from '@prds/shared/theme';
import { Badge, Usdt } from '@prds/shared/ui';
import { DetailSection } from '../DetailSection';
import { isResultOption, probabilityWidth } from './optionFigures';

const Rows = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li<{ $result: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme, $result }) => ($result ? theme.colors.success : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $result }) => ($result ? `color-mix(in srgb, ${theme.colors.success} 8%, ${theme.colors.surface})` : 'transparent')};
  /* Its odds or pool changed (another buy, pushed by the stream or seen by the poll): a brief flash. */
  ${({ theme }) => liveChangedStyles(theme)}
`;

const Name = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  overflow-wrap: anywhere;
  unicode-bidi: plaintext;
`;

const Percent = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-variant-numeric: tabular-nums;
`;

const Bar = styled.span`
  grid-column: 1 / -1;
  display: block;
  height: 0.06rem;
  min-height: 4px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  overflow: hidden;

  & > span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
  }
`;

const Figures = styled.span`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: 1.5;
`;

/** One option; it flashes briefly when its odds or pool change while the page is open. */
function OptionRow({ market, option }: { market: MarketDetail; option: MarketOptionView }) {
  const format = useFormat();
  const changed = useChangeHighlight(`${option.odds ?? ''}/${option.stake}`, market.id);
  const result = isResultOption(option.index, market.result);
  const width = probabilityWidth(option.probability);
  return (
    <Row className={changed} $result={result} data-testid={`detail-option-${option.index}`} data-result={result || undefined}>
      <Name dir="auto">
        <OptionName option={option} />
        {result && (
          <Badge tone="success" data-testid="detail-option-result">
            <FormattedMessage id="market.detail.options.result" />
          </Badge>
        )}
      </Name>
      <Percent data-testid={`detail-option-probability-${option.index}`} data-value={option.probability ?? ''}>
        <Probability value={option.probability} />
      </Percent>
      <Bar aria-hidden="true">
        <span style={{ width: `${width}%` }} />
      </Bar>
      <Figures>
        <span>
          <FormattedMessage
            id="market.detail.options.pool"
            values={{
              amount: (
                <span data-testid={`detail-option-pool-${option.index}`} data-value={option.stake}>
                  <Usdt wei={option.stake} />
                </span>
              ),
            }}
          />
        </span>
        <span>
          <FormattedMessage
            id="market.detail.options.multiplier"
            values={{
              value: (
                <span data-testid={`detail-option-multiplier-${option.index}`}>
                  {formatMultiplier(option.payoutMultiplier, format.locale) ?? '--'}
                </span>
              ),
            }}
          />
        </span>
      </Figures>
    </Row>
  );
}

/**
 * Each option with its pool, implied probability and payout multiplier (the same figure the market
 * list and the home page show: the api's `payoutMultiplier`), the result highlighted, and what the
 * multiplier means.
 */
export function OptionList({ market }: { market: MarketDetail }) {
  const format = useFormat();
  const intl = useIntl();
  return (
    <DetailSection id="options" testId="detail-options" title={<FormattedMessage id="market.detail.options.title" />}>
      <Rows>
        {market.options.map((option) => (
          <OptionRow key={option.index} market={market} option={option} />
        ))}
      </Rows>
      <Note data-testid="detail-options-multiplier-note">
        <FormattedMessage
          id="market.detail.options.multiplierNote"
          values={{
            symbol: PAY_TOKEN.symbol,
            fee: intl.formatMessage({ id: 'common.market.percent' }, { value: format.rate(market.feeBps) }),
          }}
        />
      </Note>
    </DetailSection>
  );
}

import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';

/** Where the chart library's licence asks its users to be sent. */
export const TRADINGVIEW_URL = 'https://www.tradingview.com/';

const Line = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  text-align: end;

  a {
    color: inherit;
  }
`;

/**
 * The attribution TradingView's Lightweight Charts licence asks for (its NOTICE and a link to
 * tradingview.com), shown beside every chart drawn with it. The library's own logo is turned off
 * (`layout.attributionLogo: false`): it put a focusable link inside the chart's `role="img"`, which
 * assistive tech cannot reach (axe nested-interactive).
 */
export function ChartAttribution() {
  return (
    <Line data-testid="chart-attribution">
      <FormattedMessage
        id="common.chart.attribution"
        values={{
          library: (
            <a href={TRADINGVIEW_URL} target="_blank" rel="noopener noreferrer">
              TradingView Lightweight Charts™
            </a>
          ),
        }}
      />
    </Line>
  );
}

import { useEffect } from 'react';
import { PAY_TOKEN, PLATFORM_TOKEN } from '@prds/shared/chains';
import { type FundItem } from '@prds/shared/http';
import { FormattedMessage } from '@prds/shared/i18n';
import { queryKeys, useQueryClient } from '@prds/shared/query';
import { styled } from '@prds/shared/theme';
import { Card } from '@prds/shared/ui';
import { useUserInfo, useWallet } from '@prds/shared/wallet';
import { TokenAmount } from './TokenAmount';

/** How often the balances are read again, so funds that arrive show without a reload. */
export const BALANCE_POLL_MS = 5_000;

/** One token a row, its amount at the row's end: a balance of any length stays inside the card. */
const List = styled.dl`
  display: flex;
  flex-direction: column;
  margin: 0;

  > div {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: ${({ theme }) => theme.spacing.sm};
    padding: ${({ theme }) => theme.spacing.sm} 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  > div:first-of-type {
    border-top: none;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

function balanceOf(funds: readonly FundItem[], symbol: string): string | null {
  return funds.find((item) => item.symbol === symbol)?.balance ?? null;
}

/**
 * The connected account's USDT, PRDS and BNB on the product's chain (spec §3 fundData: the one
 * user-info cache), read again every few seconds while shown.
 */
export function Balances({ 'data-testid': testId }: { 'data-testid'?: string }) {
  const { account, desiredChain, isConnected } = useWallet();
  const { data: funds } = useUserInfo({ select: (info) => info.fundData });
  const client = useQueryClient();
  const chainId = desiredChain.chainId;

  useEffect(() => {
    if (!isConnected || account === null) return;
    const key = queryKeys.userInfo(account, chainId);
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: key }), BALANCE_POLL_MS);
    return () => clearInterval(timer);
  }, [isConnected, account, chainId, client]);

  const rows = [
    { symbol: PAY_TOKEN.symbol, decimals: PAY_TOKEN.decimals },
    { symbol: PLATFORM_TOKEN.symbol, decimals: PLATFORM_TOKEN.decimals },
    { symbol: desiredChain.nativeCurrency.symbol, decimals: desiredChain.nativeCurrency.decimals },
  ];
  return (
    <Card as="section" aria-labelledby="portfolio-balances-title" data-testid={testId}>
      <Title id="portfolio-balances-title">
        <FormattedMessage id="portfolio.balances.title" values={{ chain: desiredChain.chainName }} />
      </Title>
      <List aria-live="polite">
        {rows.map((row) => (
          <div key={row.symbol}>
            <dt>{row.symbol}</dt>
            <dd>
              <TokenAmount
                wei={isConnected ? balanceOf(funds, row.symbol) : null}
                symbol={row.symbol}
                decimals={row.decimals}
                data-testid={testId ? `${testId}-${row.symbol}` : undefined}
              />
            </dd>
          </div>
        ))}
      </List>
    </Card>
  );
}

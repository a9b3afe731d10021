// The markets portfolio.spec.ts plays on, issued on its own stack, and their issuers' confirmations.
import { parseUnits, type Wallet } from 'ethers';
import type { IssuedMarket, ResolutionChain } from './resolutionChain';

const HOUR = 3600;

const SAFE_TEXTS = {
  category: 'science',
  description: 'Resolves to Yes if the observatory publishes the comet image before the expiration time, otherwise No.',
  resolutionSource: "The observatory's public image archive",
} as const;

/**
 * X, issued by `issuerOfX` (the holder and the referee buy into it on the page), and Y, issued by
 * `holder` (its seeded liquidity is a position, and it shows under Issued), both open on the api.
 */
export async function issuePortfolioMarkets(
  chain: ResolutionChain,
  issuerOfX: Wallet,
  holder: Wallet,
): Promise<{ marketX: IssuedMarket; marketY: IssuedMarket }> {
  const params = (await chain.markets().getFunction('params')()) as { minLiquidity: bigint; minMargin: bigint };
  const base = {
    ...SAFE_TEXTS,
    options: ['Yes', 'No'],
    liquidity: BigInt(params.minLiquidity),
    margin: BigInt(params.minMargin),
  };
  const marketX = await chain.issue(issuerOfX, {
    ...base,
    event: 'Will the observatory publish the comet image this week?',
    tradingFor: 2 * HOUR,
    expiresAfter: 3 * HOUR,
  });
  const marketY = await chain.issue(holder, {
    ...base,
    event: 'Will the observatory publish the nebula image this week?',
    tradingFor: 2 * HOUR,
    expiresAfter: 3 * HOUR,
  });
  // Y's premium comes from another buyer (the issuer's liquidity does not count); not the referee,
  // whose first buy must be the one through the link (a referrer is bound at the first buy).
  await chain.buy(await chain.freshAccount(), marketY.id, 1, parseUnits('100', 18));
  await chain.waitApi(marketY.id, (m) => m.state === 'Open');
  await chain.waitApi(marketX.id, (m) => m.state === 'Open');
  return { marketX, marketY };
}

/** The market's issuer confirms `option`, sent from the test process with the issuer's key among `keys`. */
export async function confirmAs(chain: ResolutionChain, keys: readonly Wallet[], id: bigint, option: number): Promise<void> {
  const issuer = ((await chain.markets().getFunction('getMarket')(id)) as { issuer: string }).issuer;
  const signer = keys.find((key) => key.address.toLowerCase() === issuer.toLowerCase());
  if (signer === undefined) throw new Error(`no key for the issuer ${issuer}`);
  await (await chain.markets(signer).getFunction('confirm')(id, option)).wait();
}

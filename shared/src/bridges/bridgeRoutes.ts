// `@prds/shared/bridges`: the ways to bring USDT or BNB to BNB Smart Chain from other chains, as
// configuration. A separate entry (not the shared singleton), so only /bridge loads it. Nothing here
// bridges anything: each route is another service's page, opened with what it documents it can
// take in its URL. No request is ever made to them.

/** Where the funds arrive: BNB Smart Chain (spec §3, chain id 0x38). */
export const BRIDGE_DESTINATION = {
  chainId: 56,
  name: 'BNB Smart Chain',
  /** Tether USD on BSC (BEP-20, 18 decimals), the product's pay token there. */
  usdt: '0x55d398326f99059fF775485246999027B3197955',
} as const;

export const BRIDGE_TOKENS = ['USDT', 'BNB'] as const;
export type BridgeToken = (typeof BRIDGE_TOKENS)[number];

/** The zero address: how these services name a chain's native coin in their URLs. */
const NATIVE = '0x0000000000000000000000000000000000000000';

interface SourceChainInfo {
  readonly chainId: number;
  readonly name: string;
  /** What is sent from there for each token that arrives on BSC: the chain's USDT, or its native coin (swapped to BNB). */
  readonly send: { readonly USDT: string | null; readonly BNB: string };
}

/** Chains funds come from, with the token contracts sent there (each Tether's or the native coin). */
export const SOURCE_CHAINS = {
  ethereum: {
    chainId: 1,
    name: 'Ethereum',
    send: { USDT: '0xdAC17F958D2ee523a2206206994597C13D831ec7', BNB: NATIVE },
  },
  arbitrum: {
    chainId: 42161,
    name: 'Arbitrum One',
    send: { USDT: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', BNB: NATIVE },
  },
  optimism: {
    chainId: 10,
    name: 'OP Mainnet',
    send: { USDT: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', BNB: NATIVE },
  },
  polygon: {
    chainId: 137,
    name: 'Polygon',
    send: { USDT: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', BNB: NATIVE },
  },
  avalanche: {
    chainId: 43114,
    name: 'Avalanche C-Chain',
    send: { USDT: '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', BNB: NATIVE },
  },
  base: {
    chainId: 8453,
    name: 'Base',
    // No Tether USD on Base: only its ETH, swapped on the way.
    send: { USDT: null, BNB: NATIVE },
  },
} as const satisfies Record<string, SourceChainInfo>;
export type SourceChainKey = keyof typeof SOURCE_CHAINS;

export interface BridgeLinkInput {
  readonly token: BridgeToken;
  readonly from: SourceChainKey;
  /** The connected account: the recipient on BSC where the service takes one in its URL. */
  readonly recipient: string | null;
}

export interface BridgeRoute {
  readonly id: string;
  /** The service's own name (a brand: never translated). */
  readonly name: string;
  /** Where the service documents the URL format `link` writes. */
  readonly documented: string;
  readonly tokens: readonly BridgeToken[];
  readonly from: readonly SourceChainKey[];
  /** The link carries the recipient, so the service shows the connected account as the destination. */
  readonly prefillsRecipient: boolean;
  /** The service's page for this transfer, prefilled with what its URL format takes. */
  readonly link: (input: BridgeLinkInput) => string;
}

function url(base: string, params: Record<string, string | number | null>): string {
  const target = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value !== null) target.searchParams.set(key, String(value));
  return target.toString();
}

/** What the destination receives for `token`: Tether on BSC, or BNB itself (native). */
function arriving(token: BridgeToken): string {
  return token === 'USDT' ? BRIDGE_DESTINATION.usdt : NATIVE;
}

const EVERY_SOURCE = Object.keys(SOURCE_CHAINS) as SourceChainKey[];
/** Sources that have Tether USD to send. */
const USDT_SOURCES = EVERY_SOURCE.filter((key) => SOURCE_CHAINS[key].send.USDT !== null);

/** The routes /bridge offers, most official first. */
export const BRIDGE_ROUTES = [
  {
    id: 'bnbChainBridge',
    name: 'BNB Chain Bridge',
    // BNB Chain's own bridge page, an aggregator of Stargate, Celer, deBridge, Meson, LayerZero and
    // Mayan routes: https://docs.bnbchain.org/bnb-smart-chain/cross-chain-bridge (no URL parameters documented).
    documented: 'https://docs.bnbchain.org/bnb-smart-chain/cross-chain-bridge',
    tokens: ['USDT', 'BNB'],
    from: EVERY_SOURCE,
    prefillsRecipient: false,
    link: () => 'https://www.bnbchain.org/en/bnb-chain-bridge',
  },
  {
    id: 'relay',
    name: 'Relay',
    // relay.link/bridge/{destination}?fromChainId&fromCurrency&toCurrency&toAddress:
    // https://docs.relay.link/references/api/api_guides/deep-linking ("bnb" is BSC's slug there).
    documented: 'https://docs.relay.link/references/api/api_guides/deep-linking',
    tokens: ['USDT', 'BNB'],
    from: EVERY_SOURCE,
    prefillsRecipient: true,
    link: ({ token, from, recipient }) => {
      const source = SOURCE_CHAINS[from];
      return url('https://relay.link/bridge/bnb', {
        fromChainId: source.chainId,
        fromCurrency: source.send[token],
        toCurrency: arriving(token),
        toAddress: recipient,
      });
    },
  },
  {
    id: 'cbridge',
    name: 'Celer cBridge',
    // cbridge.celer.network/{sourceChainId}/{destinationChainId}/{tokenSymbol}:
    // https://cbridge-docs.celer.network/developer/custom-transfer-url-schemes (no recipient in the URL).
    documented: 'https://cbridge-docs.celer.network/developer/custom-transfer-url-schemes',
    tokens: ['USDT'],
    from: USDT_SOURCES,
    prefillsRecipient: false,
    link: ({ from }) => `https://cbridge.celer.network/${SOURCE_CHAINS[from].chainId}/${BRIDGE_DESTINATION.chainId}/USDT`,
  },
  {
    id: 'jumper',
    name: 'Jumper (LI.FI)',
    // jumper.exchange/?fromChain&fromToken&toChain&toToken: https://docs.li.fi/more-integration-options/li.fi-link-parameterization
    // (chain ids and token contracts; no recipient parameter documented).
    documented: 'https://docs.li.fi/more-integration-options/li.fi-link-parameterization',
    tokens: ['USDT', 'BNB'],
    from: EVERY_SOURCE,
    prefillsRecipient: false,
    link: ({ token, from }) => {
      const source = SOURCE_CHAINS[from];
      return url('https://jumper.exchange/', {
        fromChain: source.chainId,
        fromToken: source.send[token],
        toChain: BRIDGE_DESTINATION.chainId,
        toToken: arriving(token),
      });
    },
  },
] as const satisfies readonly BridgeRoute[];

export type BridgeRouteId = (typeof BRIDGE_ROUTES)[number]['id'];

/** Whether `route` can bring `token` from `from` (the source has that token to send, and the route carries it). */
export function routeServes(route: BridgeRoute, token: BridgeToken, from: SourceChainKey): boolean {
  return route.tokens.includes(token) && route.from.includes(from) && SOURCE_CHAINS[from].send[token] !== null;
}

/** The source chains from which some route brings `token`. */
export function sourcesFor(token: BridgeToken): SourceChainKey[] {
  return EVERY_SOURCE.filter((from) => BRIDGE_ROUTES.some((route) => routeServes(route, token, from)));
}

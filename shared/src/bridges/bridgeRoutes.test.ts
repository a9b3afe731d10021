import { getAddress } from 'ethers';
import { BRIDGE_DESTINATION, BRIDGE_ROUTES, BRIDGE_TOKENS, SOURCE_CHAINS, routeServes, sourcesFor } from './bridgeRoutes';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('bridge routes (configuration)', () => {
  it('names every token contract with a valid checksummed address', () => {
    const addresses: string[] = [BRIDGE_DESTINATION.usdt];
    for (const chain of Object.values(SOURCE_CHAINS)) {
      addresses.push(chain.send.BNB);
      if (chain.send.USDT !== null) addresses.push(chain.send.USDT);
    }
    for (const address of addresses) expect(getAddress(address)).toBe(address);
  });

  it('offers each token from at least one chain, and each route only what its sources can send', () => {
    for (const token of BRIDGE_TOKENS) expect(sourcesFor(token).length).toBeGreaterThan(0);
    expect(sourcesFor('USDT')).not.toContain('base'); // no Tether USD on Base
    for (const route of BRIDGE_ROUTES) {
      expect(route.documented).toMatch(/^https:\/\//);
      for (const token of route.tokens) expect(route.from.some((from) => routeServes(route, token, from))).toBe(true);
    }
  });

  it('writes Relay links to BSC with the chain, the tokens and the recipient', () => {
    const relay = BRIDGE_ROUTES.find((route) => route.id === 'relay');
    const link = new URL(relay?.link({ token: 'USDT', from: 'arbitrum', recipient: ACCOUNT }) ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('https://relay.link/bridge/bnb');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      fromChainId: '42161',
      fromCurrency: SOURCE_CHAINS.arbitrum.send.USDT,
      toCurrency: BRIDGE_DESTINATION.usdt,
      toAddress: ACCOUNT,
    });
    // Without an account there is no recipient to prefill.
    const bnb = new URL(relay?.link({ token: 'BNB', from: 'base', recipient: null }) ?? '');
    expect(bnb.searchParams.get('toAddress')).toBeNull();
    expect(bnb.searchParams.get('toCurrency')).toBe('0x0000000000000000000000000000000000000000');
  });

  it('writes cBridge and Jumper links in their documented formats', () => {
    const cbridge = BRIDGE_ROUTES.find((route) => route.id === 'cbridge');
    expect(cbridge?.link({ token: 'USDT', from: 'ethereum', recipient: ACCOUNT })).toBe(
      'https://cbridge.celer.network/1/56/USDT',
    );
    const jumper = BRIDGE_ROUTES.find((route) => route.id === 'jumper');
    const link = new URL(jumper?.link({ token: 'USDT', from: 'polygon', recipient: ACCOUNT }) ?? '');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      fromChain: '137',
      fromToken: SOURCE_CHAINS.polygon.send.USDT,
      toChain: '56',
      toToken: BRIDGE_DESTINATION.usdt,
    });
  });

  it('says which routes carry the recipient, and every link is https', () => {
    expect(BRIDGE_ROUTES.filter((route) => route.prefillsRecipient).map((route) => route.id)).toEqual(['relay']);
    for (const route of BRIDGE_ROUTES) {
      for (const token of route.tokens) {
        for (const from of route.from.filter((source) => routeServes(route, token, source))) {
          const link = route.link({ token, from, recipient: ACCOUNT });
          expect(new URL(link).protocol).toBe('https:');
          expect(link.includes(ACCOUNT)).toBe(route.prefillsRecipient);
        }
      }
    }
  });
});

import { ACTIVE_CHAINS, CHAINS, CHAIN_IDS, toChainId, type ChainConfig } from './chains';
import { getAppEnv, getDefaultChainId } from './appEnv';
import { MAX_UINT256, PAY_TOKEN, PLATFORM_TOKEN, TOKENS } from './tokens';
import { readUrlList } from './buildEnv';

describe('chain registry', () => {
  it('has exactly one config per chain id, keyed by its own hex id', () => {
    expect(Object.keys(CHAINS).sort()).toEqual([...CHAIN_IDS].sort());
    for (const id of CHAIN_IDS) {
      const config: ChainConfig = CHAINS[id];
      expect(config.chainId).toBe(id);
      expect(config.chainId).toMatch(/^0x[0-9a-f]+$/);
      expect(config.nativeCurrency.decimals).toBe(18);
      expect(config.rpcUrls.length).toBeGreaterThan(0);
      for (const url of [...config.rpcUrls, ...config.blockExplorerUrls]) expect(() => new URL(url)).not.toThrow();
    }
  });

  it('matches the spec for BSC and keeps the devnet on 31337', () => {
    expect(CHAINS['0x38']).toMatchObject({
      chainType: 'bsc',
      chainId: '0x38',
      payToken: 'USDT',
      ferc20: 'PRDS',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    });
    expect(CHAINS['0x61']).toMatchObject({ chainType: 'bsc-testnet', chainId: '0x61', payToken: 'USDT', ferc20: 'PRDS' });
    expect(Number(CHAINS['0x61'].chainId)).toBe(97);
    expect(Number(CHAINS['0x7a69'].chainId)).toBe(31337);
  });

  it("names every chain's tokens from the one token table", () => {
    for (const id of CHAIN_IDS) {
      expect([CHAINS[id].payToken, CHAINS[id].ferc20]).toEqual([TOKENS.payToken.symbol, TOKENS.platformToken.symbol]);
    }
    expect(PAY_TOKEN).toBe(TOKENS.payToken);
    expect(PLATFORM_TOKEN).toBe(TOKENS.platformToken);
  });

  it('takes RPC and explorer URLs from the build, falling back to the public ones', () => {
    const saved = process.env.PRDS_BSC_RPC_URL;
    try {
      delete process.env.PRDS_BSC_RPC_URL;
      expect(readUrlList('PRDS_BSC_RPC_URL', ['https://bsc-dataseed.bnbchain.org'])).toEqual([
        'https://bsc-dataseed.bnbchain.org',
      ]);
      process.env.PRDS_BSC_RPC_URL = ' http://127.0.0.1:8656 , https://rpc.example ';
      expect(readUrlList('PRDS_BSC_RPC_URL', [])).toEqual(['http://127.0.0.1:8656', 'https://rpc.example']);
      // a rehearsal's local chain: no explorer rather than the public one, where its transactions do not exist
      process.env.PRDS_BSC_RPC_URL = 'none';
      expect(readUrlList('PRDS_BSC_RPC_URL', ['https://bscscan.com'])).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.PRDS_BSC_RPC_URL;
      else process.env.PRDS_BSC_RPC_URL = saved;
    }
  });

  it('lists active chains per environment from the registry, first one the default', () => {
    expect(ACTIVE_CHAINS).toEqual({ devnet: ['0x7a69'], testnet: ['0x61'], production: ['0x38'] });
    for (const ids of Object.values(ACTIVE_CHAINS)) {
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(CHAIN_IDS).toContain(id);
    }
    expect(getDefaultChainId('production')).toBe('0x38');
    expect(getDefaultChainId('testnet')).toBe('0x61');
    expect(getDefaultChainId('devnet')).toBe('0x7a69');
  });

  it('reads the env from PRDS_ENV, defaulting to devnet', () => {
    const saved = process.env.PRDS_ENV;
    try {
      delete process.env.PRDS_ENV;
      expect(getAppEnv()).toBe('devnet');
      process.env.PRDS_ENV = 'production';
      expect(getAppEnv()).toBe('production');
      process.env.PRDS_ENV = 'testnet';
      expect(getAppEnv()).toBe('testnet');
      process.env.PRDS_ENV = 'staging';
      expect(getAppEnv()).toBe('devnet');
    } finally {
      if (saved === undefined) delete process.env.PRDS_ENV;
      else process.env.PRDS_ENV = saved;
    }
  });

  it('normalizes wallet chain ids', () => {
    expect(toChainId(56)).toBe('0x38');
    expect(toChainId('0x38')).toBe('0x38');
    expect(toChainId('0X7A69')).toBe('0x7a69');
    expect(toChainId(31337n)).toBe('0x7a69');
    expect(toChainId(97)).toBe('0x61');
    expect(toChainId('0x1')).toBeNull();
    expect(toChainId('junk')).toBeNull();
    expect(toChainId(null)).toBeNull();
  });

  it('has the spec token constants', () => {
    expect(PLATFORM_TOKEN).toMatchObject({ symbol: 'PRDS', decimals: 18 });
    expect(PAY_TOKEN).toMatchObject({ symbol: 'USDT', decimals: 18 });
    expect(MAX_UINT256.toString(16)).toBe('f'.repeat(64));
  });
});

import { explorerTxUrl, isChainAvailable, isDevWalletAvailable, shortAddress } from './chainLinks';

describe('chain links and availability', () => {
  it('offers the dev wallet on the devnet only, never on BSC or in a production build', () => {
    expect(isDevWalletAvailable('0x7a69')).toBe(true);
    expect(isDevWalletAvailable('0x38')).toBe(false);
    const saved = process.env.PRDS_ENV;
    process.env.PRDS_ENV = 'production';
    try {
      expect(isDevWalletAvailable('0x7a69')).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.PRDS_ENV;
      else process.env.PRDS_ENV = saved;
    }
  });

  it('knows where the protocol is deployed and where an explorer exists', () => {
    expect(isChainAvailable('0x7a69')).toBe(true);
    expect(isChainAvailable('0x38')).toBe(false);
    expect(explorerTxUrl('0x7a69', '0xabc')).toBeNull();
    expect(explorerTxUrl('0x38', '0xabc')).toBe('https://bscscan.com/tx/0xabc');
    expect(shortAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678');
  });
});

import { licenseHolder } from './licenseHolder';

const ME = '0x1111111111111111111111111111111111111111';
const BUYER = '0x2222222222222222222222222222222222222222';
const MARKETS = '0x3333333333333333333333333333333333333333';
const NOBODY = '0x0000000000000000000000000000000000000000';

describe('whose License gets back the use of a cancelled market', () => {
  it('the issuer’s, while it owns the License (any letter case)', () => {
    expect(licenseHolder({ account: ME, staked: false, owner: ME.toUpperCase().replace('0X', '0x'), user: NOBODY })).toEqual({
      kind: 'you',
    });
  });

  it('the issuer’s, when it staked the License as this market’s bond (Markets holds it until the cancel)', () => {
    expect(licenseHolder({ account: ME, staked: true, owner: MARKETS, user: NOBODY })).toEqual({ kind: 'you' });
  });

  it('the issuer’s, while it rents the License', () => {
    expect(licenseHolder({ account: ME, staked: false, owner: BUYER, user: ME })).toEqual({ kind: 'you' });
  });

  it('the buyer’s, after the issuer sold the License', () => {
    expect(licenseHolder({ account: ME, staked: false, owner: BUYER, user: NOBODY })).toEqual({ kind: 'other', owner: BUYER });
  });
});

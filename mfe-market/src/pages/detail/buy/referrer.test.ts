import { ZERO_ADDRESS, referrerFromSearch } from './referrer';

const REF = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BUYER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('referrerFromSearch', () => {
  it('takes a well-formed ?ref address, lowercased', () => {
    expect(referrerFromSearch(`?ref=${REF}`, BUYER)).toBe(REF.toLowerCase());
    expect(referrerFromSearch(`?x=1&ref=${REF.toLowerCase()}`, null)).toBe(REF.toLowerCase());
  });

  it.each([
    '',
    '?ref=',
    '?ref=0x123',
    `?ref=${REF}00`,
    '?ref=hello',
    `?ref=${ZERO_ADDRESS}`,
    '?ref=0xzz97970C51812dc3A010C7d01b50e0d17dc79C8',
  ])('falls back to the zero address for %j', (search) => {
    expect(referrerFromSearch(search, BUYER)).toBe(ZERO_ADDRESS);
  });

  it('never refers the buyer to itself (the contract refuses a self-referral)', () => {
    expect(referrerFromSearch(`?ref=${BUYER.toLowerCase()}`, BUYER)).toBe(ZERO_ADDRESS);
  });
});

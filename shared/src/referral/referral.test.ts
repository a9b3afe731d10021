/**
 * @jest-environment jsdom
 */
import {
  REFERRAL_STORAGE_KEY,
  REFERRAL_TTL_MS,
  ZERO_ADDRESS,
  captureReferral,
  clearReferral,
  isOwnReferral,
  readReferral,
  referrerForBuy,
  shareLink,
} from './referral';

const REF = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const VISITOR = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const T0 = 1_800_000_000_000;

beforeEach(() => localStorage.clear());

describe('the stored referral', () => {
  it('keeps a ?ref from any route, lowercased, for 30 days, then forgets it', () => {
    expect(captureReferral(`?sort=newest&ref=${REF}`, null, T0)).toBe(REF.toLowerCase());
    // Navigating on (no ?ref in the URL any more) does not lose it.
    expect(captureReferral('?sort=volume', null, T0 + 1000)).toBeNull();
    expect(readReferral(T0 + REFERRAL_TTL_MS - 1)).toBe(REF.toLowerCase());
    expect(referrerForBuy(VISITOR, T0 + REFERRAL_TTL_MS - 1)).toBe(REF.toLowerCase());
    expect(REFERRAL_TTL_MS).toBe(30 * 24 * 3600 * 1000);
    // Expired: gone, and removed from storage.
    expect(readReferral(T0 + REFERRAL_TTL_MS)).toBeNull();
    expect(referrerForBuy(VISITOR, T0 + REFERRAL_TTL_MS)).toBe(ZERO_ADDRESS);
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
  });

  it('a newer link replaces an older one', () => {
    captureReferral(`?ref=${REF}`, null, T0);
    captureReferral(`?ref=${OTHER}`, null, T0 + 5);
    expect(readReferral(T0 + 10)).toBe(OTHER.toLowerCase());
  });

  it.each([
    '?ref=',
    '?ref=0x123',
    `?ref=${REF}00`,
    '?ref=hello',
    `?ref=${ZERO_ADDRESS}`,
    '?ref=0xzz97970C51812dc3A010C7d01b50e0d17dc79C8',
  ])('refuses %j and keeps what it had', (search) => {
    captureReferral(`?ref=${OTHER}`, null, T0);
    expect(captureReferral(search, null, T0)).toBeNull();
    expect(readReferral(T0)).toBe(OTHER.toLowerCase());
  });

  it("never stores or uses the visitor's own address (the contract refuses a self-referral)", () => {
    expect(captureReferral(`?ref=${VISITOR.toLowerCase()}`, VISITOR, T0)).toBeNull();
    expect(readReferral(T0)).toBeNull();
    // Stored before the wallet connected: the buy goes without it, and the page can say why.
    captureReferral(`?ref=${VISITOR}`, null, T0);
    expect(referrerForBuy(VISITOR, T0)).toBe(ZERO_ADDRESS);
    expect(isOwnReferral(VISITOR, T0)).toBe(true);
    expect(isOwnReferral(OTHER, T0)).toBe(false);
    expect(referrerForBuy(OTHER, T0)).toBe(VISITOR.toLowerCase());
  });

  it('is cleared once the first buy has used it', () => {
    captureReferral(`?ref=${REF}`, null, T0);
    expect(referrerForBuy(VISITOR, T0)).toBe(REF.toLowerCase());
    clearReferral();
    expect(referrerForBuy(VISITOR, T0)).toBe(ZERO_ADDRESS);
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
  });

  it('forgets a stored value it cannot read', () => {
    localStorage.setItem(REFERRAL_STORAGE_KEY, '{not json');
    expect(readReferral(T0)).toBeNull();
    localStorage.setItem(REFERRAL_STORAGE_KEY, JSON.stringify({ address: REF, expiresAt: 'later' }));
    expect(readReferral(T0)).toBeNull();
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
  });
});

describe('shareLink', () => {
  const page = 'https://prds.example/detail/7';

  it("carries the connected sharer's own ref", () => {
    expect(shareLink(page, VISITOR)).toBe(`${page}?ref=${VISITOR}`);
  });

  it('never passes on a foreign ref the sharer arrived with', () => {
    expect(shareLink(`${page}?ref=${REF}&tab=trades`, VISITOR)).toBe(`${page}?tab=trades&ref=${VISITOR}`);
    expect(shareLink(`${page}?ref=${REF}`, null)).toBe(page);
  });

  it('keeps the page itself (path, other parameters, hash)', () => {
    expect(shareLink(`${page}?x=1#trades`, null)).toBe(`${page}?x=1#trades`);
  });
});

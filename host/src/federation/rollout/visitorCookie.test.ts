import {
  parseRolloutCookieValue,
  readRolloutCookie,
  ROLLOUT_COOKIE_MAX_AGE_S,
  rolloutCookieHeader,
  rolloutCookieValue,
} from './visitorCookie';

const ID = '0b7c5d2e-4f1a-4c3b-9d8e-1a2b3c4d5e6f';
const WALLET = '0x00000000000000000000000000000000000000aa';

describe('the rollout cookie', () => {
  it('carries the bucket key (install id or wallet) and the cohorts joined', () => {
    expect(parseRolloutCookieValue(rolloutCookieValue(ID, ['internal', 'qa.team']))).toEqual({
      installId: ID,
      account: null,
      cohorts: ['internal', 'qa.team'],
      bad: {},
    });
    expect(parseRolloutCookieValue(rolloutCookieValue(WALLET.toUpperCase().replace('0X', '0x')))).toEqual({
      installId: null,
      account: WALLET,
      cohorts: [],
      bad: {},
    });
  });

  it('carries the versions that failed here with their expiry, newest-expiring first, at most 8', () => {
    const bad = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`mfe_claim@0.1.0+b${i}`, 1_800_000_000_000 + i]));
    const value = rolloutCookieValue(ID, ['internal'], { ...bad, 'Bad Name@1': 5, 'mfe_market@x': Number.NaN });
    expect(value).toMatch(new RegExp(`^${ID}\\|internal\\|!mfe_claim@0\\.1\\.0\\+b9~[0-9a-z]+\\|`));
    const read = parseRolloutCookieValue(value);
    expect(Object.keys(read?.bad ?? {})).toHaveLength(8);
    expect(read?.bad['mfe_claim@0.1.0+b9']).toBe(1_800_000_000_009);
    expect(read?.bad['mfe_claim@0.1.0+b0']).toBeUndefined();
    expect(read?.cohorts).toEqual(['internal']);
  });

  it('is absent when malformed: a key that is neither, a bad cohort dropped', () => {
    expect(parseRolloutCookieValue('')).toBeNull();
    expect(parseRolloutCookieValue('not an id|internal')).toBeNull();
    expect(parseRolloutCookieValue(`${ID}|Bad Cohort|ok`)?.cohorts).toEqual(['ok']);
  });

  it('is found among the request cookies, encoded or not, and a header round-trips', () => {
    expect(readRolloutCookie(`a=1; prds_rollout=${encodeURIComponent(`${ID}|internal`)}; b=2`)).toEqual({
      installId: ID,
      account: null,
      cohorts: ['internal'],
      bad: {},
    });
    expect(readRolloutCookie('prds_rollout_other=x; a=1')).toBeNull();
    expect(readRolloutCookie('prds_rollout=%E0%A4%A')).toBeNull();
    expect(readRolloutCookie(undefined)).toBeNull();
    const header = rolloutCookieHeader(`${ID}|internal`, false);
    expect(header).toBe(`prds_rollout=${ID}%7Cinternal; Path=/; Max-Age=${ROLLOUT_COOKIE_MAX_AGE_S}; SameSite=Lax`);
    expect(readRolloutCookie(header.split(';')[0])?.installId).toBe(ID);
    expect(rolloutCookieHeader(ID, true)).toMatch(/; Secure$/);
    expect(header).not.toMatch(/HttpOnly/i);
  });
});

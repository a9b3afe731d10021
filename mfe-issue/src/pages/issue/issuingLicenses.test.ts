import type { LicenseView } from '@prds/shared/licenses';
import { licenseView } from '@prds/shared/testing';
import { canIssueWith, issuingLicenses, type LicenseOnChain } from './issuingLicenses';

const ME = '0x00000000000000000000000000000000000000aa';
const OTHER = '0x00000000000000000000000000000000000000bb';
const MARKETPLACE = '0x00000000000000000000000000000000000000cc';
const ZERO = '0x0000000000000000000000000000000000000000';
const NOW = 1_900_000_000;

const noRental = { user: ZERO, expires: 0, maxIssues: 0, issuesUsed: 0 };
const mine: LicenseOnChain = { availableTimes: 10, usable: true, owner: ME, rental: noRental, value: 50n };

describe('canIssueWith (License.useForIssue)', () => {
  it.each<[string, LicenseOnChain, boolean]>([
    ['its owner, no rental', mine, true],
    ['the owner, mixed-case address', { ...mine, owner: ME.toUpperCase().replace('0X', '0x') }, true],
    ['not its owner', { ...mine, owner: OTHER }, false],
    ['the owner while the marketplace holds it for a listing', { ...mine, owner: MARKETPLACE }, false],
    ['no issues left', { ...mine, availableTimes: 0 }, false],
    ['one issue left', { ...mine, availableTimes: 1 }, true],
    ['not usable', { ...mine, usable: false }, false],
    [
      'the renter during the rental, an issue left in it',
      { ...mine, owner: MARKETPLACE, rental: { user: ME, expires: NOW, maxIssues: 2, issuesUsed: 1 } },
      true,
    ],
    [
      'the renter once the rental allows no more issues',
      { ...mine, owner: MARKETPLACE, rental: { user: ME, expires: NOW + 1, maxIssues: 2, issuesUsed: 2 } },
      false,
    ],
    [
      'the renter after the rental ended',
      { ...mine, owner: MARKETPLACE, rental: { user: ME, expires: NOW - 1, maxIssues: 2, issuesUsed: 0 } },
      false,
    ],
    [
      'the owner while someone else rents it',
      { ...mine, rental: { user: OTHER, expires: NOW + 1, maxIssues: 2, issuesUsed: 0 } },
      false,
    ],
    [
      'the owner once that rental ended',
      { ...mine, rental: { user: OTHER, expires: NOW - 1, maxIssues: 2, issuesUsed: 0 } },
      true,
    ],
  ])('%s: %s', (_name, chain, expected) => {
    expect(canIssueWith(ME, chain, NOW)).toBe(expected);
  });
});

function listed(tokenId: string, type: LicenseView['type'], number: number): LicenseView {
  // Only the fields the picker reads matter; the rest is what the api answers for an owned License.
  return licenseView(ME, { tokenId, type, number, availableTimes: 3 });
}

describe('issuingLicenses', () => {
  it("offers what the chain lets the account issue with, with the chain's figures, owned ones first", () => {
    const onChain = new Map<string, LicenseOnChain>([
      [
        '3',
        { ...mine, owner: MARKETPLACE, rental: { user: ME, expires: NOW + 86_400, maxIssues: 3, issuesUsed: 1 }, value: 200n },
      ],
      ['5', { ...mine, availableTimes: 4 }],
      ['6', { ...mine, availableTimes: 0 }],
      ['8', { ...mine, owner: MARKETPLACE }],
    ]);
    const choices = issuingLicenses(
      ME,
      [
        listed('3', 'scarcity', 1),
        listed('5', 'common', 2),
        listed('6', 'common', 3),
        listed('8', 'attributive', 1),
        listed('9', 'common', 4),
      ],
      onChain,
      NOW,
    );
    expect(choices).toEqual([
      {
        id: '5',
        type: 'common',
        number: 2,
        availableTimes: 4,
        owned: true,
        rentalEndDate: null,
        rentalIssuesLeft: null,
        value: 50n,
      },
      {
        id: '3',
        type: 'scarcity',
        number: 1,
        availableTimes: 10,
        owned: false,
        rentalEndDate: NOW + 86_400,
        rentalIssuesLeft: 2,
        value: 200n,
      },
    ]);
  });
});

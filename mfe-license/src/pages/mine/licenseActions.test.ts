import type { LicenseView } from '@prds/shared/licenses';
import { licenseActions, type LicenseAction, type LicenseHolding, type LicenseNote } from './licenseActions';

type Facts = Parameters<typeof licenseActions>[0];

const held: Facts = {
  state: 'unsold',
  relation: 'owner',
  escrowed: false,
  properties: { tradable: true, rentable: true, usable: true },
  availableTimes: 10,
  rentalMaxIssues: null,
  rentalIssuesUsed: null,
};

function facts(patch: Partial<Omit<Facts, 'properties'>> & { properties?: Partial<LicenseView['properties']> } = {}): Facts {
  return { ...held, ...patch, properties: { ...held.properties, ...patch.properties } };
}

const rentedIn = facts({ state: 'rented', relation: 'renter', escrowed: true, rentalMaxIssues: 3, rentalIssuesUsed: 1 });

describe('My License: state → allowed actions', () => {
  it.each<[string, Facts, LicenseHolding, LicenseAction[], LicenseNote[]]>([
    ['in the wallet', held, 'unsold', ['sell', 'listForRent', 'issue'], []],
    ['on sale', facts({ state: 'onSale', escrowed: true }), 'onSale', ['cancelSale'], []],
    ['listed for rent', facts({ state: 'listedForRent', escrowed: true }), 'forRent', ['cancelRent'], ['cancelRentBeforeSale']],
    ['rented out', facts({ state: 'rented', escrowed: true }), 'rentedOut', [], ['rentalRunning', 'cancelRentBeforeSale']],
    ['rented in, issues left', rentedIn, 'rentedIn', ['issue'], []],
    ['rented in, allowance used', { ...rentedIn, rentalIssuesUsed: 3 }, 'rentedIn', [], ['rentalIssuesUsed']],
    ['rented in, the License has no issues left', { ...rentedIn, availableTimes: 0 }, 'rentedIn', [], ['noIssuesLeft']],
    ['staked as a bond', facts({ escrowed: true }), 'staked', [], ['staked']],
    ['not tradable', facts({ properties: { tradable: false } }), 'unsold', ['listForRent', 'issue'], ['notTradable']],
    ['not rentable', facts({ properties: { rentable: false } }), 'unsold', ['sell', 'issue'], ['notRentable']],
    ['not usable', facts({ properties: { usable: false } }), 'unsold', ['sell'], ['notUsable']],
    ['every issue used', facts({ availableTimes: 0 }), 'unsold', ['sell'], ['noIssuesLeft']],
  ])('%s', (_, license, holding, actions, notes) => {
    expect(licenseActions(license)).toEqual({ holding, actions, notes });
  });

  it('never offers a sale while a rent listing stands, rented or not', () => {
    for (const state of ['listedForRent', 'rented'] as const) {
      const result = licenseActions(facts({ state, escrowed: true }));
      expect(result.actions).not.toContain('sell');
      expect(result.notes).toContain('cancelRentBeforeSale');
    }
  });

  it('offers the owner no way to take back a License during its rental', () => {
    expect(licenseActions(facts({ state: 'rented', escrowed: true })).actions).toEqual([]);
  });
});

import type { LicenseView } from '@prds/shared/licenses';

/**
 * How the connected account holds a License, in the words My License shows (spec §3/§4: unsold, on
 * sale, rented; ARCHITECTURE: listed for rent is its own state, and a License staked as a market's
 * bond is held by Markets until the market is final).
 */
export type LicenseHolding = 'unsold' | 'onSale' | 'forRent' | 'rentedOut' | 'rentedIn' | 'staked';

/** What the holder can do with it now; each is one transaction (or, for issue, a link to /issue). */
export type LicenseAction = 'sell' | 'cancelSale' | 'listForRent' | 'cancelRent' | 'issue';

/** Why an action is missing, said on the page instead of offering something the chain would refuse. */
export type LicenseNote =
  | 'cancelRentBeforeSale'
  | 'rentalRunning'
  | 'staked'
  | 'notTradable'
  | 'notRentable'
  | 'notUsable'
  | 'noIssuesLeft'
  | 'rentalIssuesUsed';

export interface LicenseActions {
  readonly holding: LicenseHolding;
  readonly actions: readonly LicenseAction[];
  readonly notes: readonly LicenseNote[];
}

type ActionFacts = Pick<
  LicenseView,
  'state' | 'relation' | 'escrowed' | 'properties' | 'availableTimes' | 'rentalMaxIssues' | 'rentalIssuesUsed'
>;

export function licenseHolding(license: ActionFacts): LicenseHolding {
  if (license.relation === 'renter') return 'rentedIn';
  switch (license.state) {
    case 'onSale':
      return 'onSale';
    case 'listedForRent':
      return 'forRent';
    case 'rented':
      return 'rentedOut';
    case 'unsold':
      // Not listed, yet not in the wallet: Markets holds it as a market's bond.
      return license.escrowed ? 'staked' : 'unsold';
  }
}

/**
 * The actions the contracts accept in each state (LicenseMarketplace: listForSale needs the License
 * in the wallet, tradable, and no rent listing; listForRent needs it rentable, usable, with issues
 * left; a rent listing is cancelled only between rentals; License.useForIssue: the renter during a
 * rental within its allowance, else the owner holding it), with the reason for each one missing.
 */
export function licenseActions(license: ActionFacts): LicenseActions {
  const holding = licenseHolding(license);
  const { tradable, rentable, usable } = license.properties;
  const issuesLeft = license.availableTimes > 0;
  const actions: LicenseAction[] = [];
  const notes: LicenseNote[] = [];
  const canIssue = () => {
    if (!usable) notes.push('notUsable');
    else if (!issuesLeft) notes.push('noIssuesLeft');
    else actions.push('issue');
  };
  switch (holding) {
    case 'unsold':
      if (tradable) actions.push('sell');
      else notes.push('notTradable');
      if (!rentable) notes.push('notRentable');
      else if (usable && issuesLeft) actions.push('listForRent');
      canIssue();
      break;
    case 'onSale':
      actions.push('cancelSale');
      break;
    case 'forRent':
      actions.push('cancelRent');
      notes.push('cancelRentBeforeSale');
      break;
    case 'rentedOut':
      notes.push('rentalRunning', 'cancelRentBeforeSale');
      break;
    case 'rentedIn':
      if ((license.rentalIssuesUsed ?? 0) >= (license.rentalMaxIssues ?? 0)) notes.push('rentalIssuesUsed');
      else canIssue();
      break;
    case 'staked':
      notes.push('staked');
      break;
  }
  return { holding, actions, notes };
}

import type { LicenseType, LicenseView } from '@prds/shared/licenses';
import type { IssueLicense } from './validateIssueForm';

/** What the chain says about one License now (License.info, ownerOf, rentalOf, typePrice). */
export interface LicenseOnChain {
  readonly availableTimes: number;
  readonly usable: boolean;
  readonly owner: string;
  readonly rental: {
    readonly user: string;
    /** Unix seconds. */
    readonly expires: number;
    readonly maxIssues: number;
    readonly issuesUsed: number;
  };
  /** Its type's sale price: what it adds to the bond when staked. */
  readonly value: bigint;
}

/** A License the picker offers: one the account can issue a market with now. */
export interface LicenseChoice extends IssueLicense {
  readonly type: LicenseType;
  readonly number: number;
  readonly availableTimes: number;
  /** Markets the rental still allows; null for a License the account owns. */
  readonly rentalIssuesLeft: number | null;
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Why `account` cannot issue a market with a License it holds now:
 * - `noUsesLeft`: the License has no markets left (or governance made it unusable);
 * - `rentedOut`: someone else rents it until `rental.expires`;
 * - `rentalUsedUp`: the account rents it, but the rental allows no more markets;
 * - `rentalEnded`: the account's rental ended before a market could end within it;
 * - `onSale` / `listedForRent`: the marketplace holds it for a listing (My License cancels it);
 * - `notHeld`: it belongs to another account now (the api has not seen the transfer yet).
 */
export type LicenseBlock = 'noUsesLeft' | 'rentedOut' | 'rentalUsedUp' | 'rentalEnded' | 'onSale' | 'listedForRent' | 'notHeld';

/**
 * Why `account` may not issue with the License now, or null when it may — decided as
 * License.useForIssue decides it: during a rental (a user whose rental has not ended) only the
 * renter, within the issues the rental allows; otherwise only the owner — not while the marketplace
 * holds it for a listing; and only a usable License with issues left. `listing` is what the api says
 * the marketplace holds it for, when the chain shows the marketplace as its owner.
 */
export function issueBlock(
  account: string,
  chain: LicenseOnChain,
  now: number,
  listing: 'onSale' | 'listedForRent' | null = null,
): LicenseBlock | null {
  if (!chain.usable || chain.availableTimes <= 0) return 'noUsesLeft';
  const { rental } = chain;
  const renter = !same(rental.user, ZERO_ADDRESS) ? rental.user : null;
  if (renter !== null && rental.expires >= now) {
    if (!same(renter, account)) return 'rentedOut';
    return rental.issuesUsed < rental.maxIssues ? null : 'rentalUsedUp';
  }
  if (same(chain.owner, account)) return null;
  if (renter !== null && same(renter, account)) return 'rentalEnded';
  return listing ?? 'notHeld';
}

/** Whether `account` may issue with the License now (see issueBlock). */
export function canIssueWith(account: string, chain: LicenseOnChain, now: number): boolean {
  return issueBlock(account, chain, now) === null;
}

/** A License the account holds that cannot issue a market now, and why. */
export interface BlockedLicense {
  readonly id: string;
  readonly type: LicenseType;
  readonly number: number;
  readonly block: LicenseBlock;
  /** Unix seconds: when the rental that blocks it ends (rentedOut) or ended (rentalEnded); else null. */
  readonly rentalEnd: number | null;
}

/** What the api's state says the marketplace holds a License for (null: not listed). */
function listingOf(license: LicenseView): 'onSale' | 'listedForRent' | null {
  if (!license.escrowed) return null;
  if (license.state === 'onSale') return 'onSale';
  if (license.state === 'listedForRent') return 'listedForRent';
  return null;
}

/** The account's listed Licenses that cannot issue now, each with why (in the api's order). */
export function blockedLicenses(
  account: string,
  listed: readonly LicenseView[],
  onChain: ReadonlyMap<string, LicenseOnChain>,
  now: number,
): BlockedLicense[] {
  const blocked: BlockedLicense[] = [];
  for (const license of listed) {
    const chain = onChain.get(license.tokenId);
    if (!chain) continue;
    const block = issueBlock(account, chain, now, listingOf(license));
    if (block === null) continue;
    const rentalEnd = block === 'rentedOut' || block === 'rentalEnded' ? chain.rental.expires : null;
    blocked.push({ id: license.tokenId, type: license.type, number: license.number, block, rentalEnd });
  }
  return blocked;
}

/**
 * The picker's Licenses: those the api lists for the account (owned or rented) that the chain lets it
 * issue with now, with the chain's figures (the api may lag a block behind), owned ones first.
 */
export function issuingLicenses(
  account: string,
  listed: readonly LicenseView[],
  onChain: ReadonlyMap<string, LicenseOnChain>,
  now: number,
): LicenseChoice[] {
  const choices: LicenseChoice[] = [];
  for (const license of listed) {
    const chain = onChain.get(license.tokenId);
    if (!chain || !canIssueWith(account, chain, now)) continue;
    const owned = same(chain.owner, account);
    const rented = !owned;
    choices.push({
      id: license.tokenId,
      type: license.type,
      number: license.number,
      availableTimes: chain.availableTimes,
      owned,
      rentalEndDate: rented ? chain.rental.expires : null,
      rentalIssuesLeft: rented ? chain.rental.maxIssues - chain.rental.issuesUsed : null,
      value: chain.value,
    });
  }
  return choices.sort((a, b) => Number(b.owned) - Number(a.owned) || Number(BigInt(a.id) - BigInt(b.id)));
}

import type { LicenseType, LicenseView } from '@prds/shared';
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
 * Whether `account` may issue with the License now, decided as License.useForIssue decides it: during
 * a rental (a user whose rental has not ended) only the renter, within the issues the rental allows;
 * otherwise only the owner — not while the marketplace holds it for a listing; and only a usable
 * License with issues left.
 */
export function canIssueWith(account: string, chain: LicenseOnChain, now: number): boolean {
  if (!chain.usable || chain.availableTimes <= 0) return false;
  const { rental } = chain;
  const rentalRunning = !same(rental.user, ZERO_ADDRESS) && rental.expires >= now;
  if (rentalRunning) return same(rental.user, account) && rental.issuesUsed < rental.maxIssues;
  return same(chain.owner, account);
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

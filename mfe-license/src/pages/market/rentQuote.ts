import type { LicenseView } from '@prds/shared/licenses';

export interface RentQuote {
  /** What the renter pays up front: price per day × days (LicenseMarketplace.rent). */
  readonly cost: bigint;
  /** Markets the rental may issue: the listing's maximum, never more than the License has left. */
  readonly issues: number;
}

/** A rental of `days` on a rent listing, as the marketplace charges it. */
export function rentQuote(
  listing: Pick<LicenseView, 'rentPricePerDay' | 'rentMaxIssues' | 'availableTimes'>,
  days: number,
): RentQuote | null {
  if (listing.rentPricePerDay === null || listing.rentMaxIssues === null) return null;
  return {
    cost: BigInt(listing.rentPricePerDay) * BigInt(days),
    issues: Math.min(listing.rentMaxIssues, listing.availableTimes),
  };
}

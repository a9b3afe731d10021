/**
 * Whose a License is when a cancelled market gives its use back (License.recycleUse gives it to the
 * License, not to the issuer): the issuer's own while it owns it, rents it now, or staked it as this
 * market's bond (it comes back with the cancel); otherwise the wallet that owns it now — a License sold
 * after it issued the market belongs to its buyer, and so does the use.
 */
export type LicenseHolder = { readonly kind: 'you' } | { readonly kind: 'other'; readonly owner: string };

export interface LicenseHolding {
  readonly account: string;
  readonly staked: boolean;
  /** License.ownerOf */
  readonly owner: string;
  /** ERC-4907 userOf: the renter while a rental runs (the zero address otherwise) */
  readonly user: string;
}

export function licenseHolder({ account, staked, owner, user }: LicenseHolding): LicenseHolder {
  const me = account.toLowerCase();
  if (staked || owner.toLowerCase() === me || user.toLowerCase() === me) return { kind: 'you' };
  return { kind: 'other', owner };
}

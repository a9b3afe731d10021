export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000' as const;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The referrer a buy carries: `?ref=0x…` from the page's URL when it is a well-formed address other
 * than the zero address and the buyer (the contract refuses a self-referral), else the zero address.
 * Lowercased: the address is only ever read, and a mistyped checksum must not break the buy.
 */
export function referrerFromSearch(search: string, buyer: string | null): `0x${string}` {
  const ref = new URLSearchParams(search).get('ref')?.trim() ?? '';
  if (!ADDRESS.test(ref)) return ZERO_ADDRESS;
  const lower = ref.toLowerCase() as `0x${string}`;
  if (lower === ZERO_ADDRESS || (buyer !== null && lower === buyer.toLowerCase())) return ZERO_ADDRESS;
  return lower;
}

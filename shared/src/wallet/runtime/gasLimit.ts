import type { Role } from '@prds/contracts';
import { worstPathExtraGas } from '@prds/contracts/worst-path-gas';

/**
 * The gas limit a call is sent with: its estimate with a fifth more (what the estimate cannot see:
 * nodes and wallets estimate slightly differently, a caller's own state moving by a little), plus the
 * gas of its worst path beyond the estimate from the contracts' table (@prds/contracts/worst-path-gas):
 * a buy mined in the next 5-min bucket archives a checkpoint of each history it touches, a claim may
 * refill a balance someone emptied meanwhile. Only the gas used is paid; the limit only raises the
 * maximum fee the wallet shows, never the fee charged.
 */
export function gasLimitFor(estimate: bigint, role: Role, fn: string): bigint {
  return (estimate * 12n) / 10n + worstPathExtraGas(role, fn);
}

import type { LicensePacket, LicenseSaleType } from '@prds/shared/licenses';
import { LICENSE_TYPES } from '../licenseTypes';

/**
 * How many more of a packet can be sold: each needs its count of every type, so the scarcest type
 * decides (License.buyPacket mints them all or reverts SoldOut). Null when no type it holds is limited.
 */
export function packetsLeft(
  packet: Pick<LicensePacket, 'counts'>,
  types: readonly Pick<LicenseSaleType, 'type' | 'remaining'>[],
): number | null {
  let left: number | null = null;
  for (const type of LICENSE_TYPES) {
    const count = packet.counts[type];
    if (count === 0) continue;
    const remaining = types.find((t) => t.type === type)?.remaining ?? null;
    if (remaining === null) continue;
    const fits = Math.floor(remaining / count);
    left = left === null ? fits : Math.min(left, fits);
  }
  return left;
}

import type { MessageDescriptor } from '@prds/shared/i18n';
import type { LicenseType } from '@prds/shared/licenses';
import { keysOf } from './common/keysOf';

export type { LicenseType };

/** Each type's name, in the contract's `LicenseType` order (common, scarcity, attributive). */
export const LICENSE_TYPE_LABEL = {
  common: { id: 'license.type.common' },
  scarcity: { id: 'license.type.scarcity' },
  attributive: { id: 'license.type.attributive' },
} as const satisfies Record<LicenseType, MessageDescriptor>;

/** The types in the order the sale shows them, which is the contract's enum order. */
export const LICENSE_TYPES = keysOf(LICENSE_TYPE_LABEL);

/** The type as `License.buy` takes it: its index in the contract's `LicenseType` enum. */
export function licenseTypeIndex(type: LicenseType): number {
  return LICENSE_TYPES.indexOf(type);
}

/** Spec §1/§9: each License issues 10 markets (the sale answer carries the deployed figure). */
export const MARKETS_PER_LICENSE = 10;

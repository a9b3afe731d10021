import { LICENSE_TYPES, type LicenseType, type MessageDescriptor } from '@prds/shared';

export { LICENSE_TYPES, type LicenseType };

export const LICENSE_TYPE_LABEL = {
  common: { id: 'license.type.common' },
  scarcity: { id: 'license.type.scarcity' },
  attributive: { id: 'license.type.attributive' },
} as const satisfies Record<LicenseType, MessageDescriptor>;

/** The type as `License.buy` takes it: its index in the contract's `LicenseType` enum (the api's list keeps that order). */
export function licenseTypeIndex(type: LicenseType): number {
  return LICENSE_TYPES.indexOf(type);
}

/** Spec §1/§9: each License issues 10 markets (the sale answer carries the deployed figure). */
export const MARKETS_PER_LICENSE = 10;

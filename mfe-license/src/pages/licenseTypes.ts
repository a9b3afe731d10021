import type { MessageDescriptor } from '@prds/shared';

/** The License types (spec §3), in the order the sale shows them. */
export const LICENSE_TYPES = ['common', 'scarcity', 'attributive'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

export const LICENSE_TYPE_LABEL = {
  common: { id: 'license.type.common' },
  scarcity: { id: 'license.type.scarcity' },
  attributive: { id: 'license.type.attributive' },
} as const satisfies Record<LicenseType, MessageDescriptor>;

/** Spec §1/§9: each License issues 10 markets. */
export const MARKETS_PER_LICENSE = 10;

import { type MarketStateName, type ChallengeStatusName, type LicenseStateName, type LicenseTypeName } from "./protocolBase";

/** What the protocol driver reads from the contracts and the routes it calls (helpers/protocol.ts re-exports them). */

export interface MarketMetadataInput {
  event: string;
  category: string;
  options: readonly string[];
  description?: string;
  resolutionSource?: string;
  url?: string;
  content?: string;
  language?: string;
}

export interface IssueRequest {
  licenseId: bigint;
  metadata: MarketMetadataInput;
  lastTradingTime: number;
  expirationTime: number;
  liquidity?: bigint;
  margin?: bigint;
  stakeLicense?: boolean;
}

export interface MarketOnChain {
  issuer: string;
  state: MarketStateName;
  optionCount: number;
  createdAt: number;
  lastTradingTime: number;
  expirationTime: number;
  licenseId: bigint;
  licenseStaked: boolean;
  licenseValue: bigint;
  margin: bigint;
  liquidity: bigint;
  pool: bigint;
  feeTotal: bigint;
  capacity: bigint;
  result: number;
  early: boolean;
  knownAt: number;
  confirmedAt: number;
  windowEnd: number;
  netPool: bigint;
  winningStake: bigint;
  metadataHash: string;
}

export interface ChallengeOnChain {
  challenger: string;
  knownAt: number;
  option: number;
  status: ChallengeStatusName;
  compensationClaimed: boolean;
  evidenceHash: string;
  stake: bigint;
  compensation: bigint;
}

export interface LicenseOnChain {
  tokenId: bigint;
  licenseType: LicenseTypeName;
  number: number;
  availableTimes: number;
  tradable: boolean;
  rentable: boolean;
  usable: boolean;
  /** ERC-721 holder (the marketplace while listed). */
  holder: string;
  /** marketplace.realOwnerOf */
  owner: string;
  state: LicenseStateName;
  user: string | null;
  userExpires: number;
  salePrice: bigint | null;
  rent: { pricePerDay: bigint; maxDays: number; maxIssues: number } | null;
}

/** The routes the driver calls before a transaction (spec §7 + the api README's additions). */
export interface DriverRoutes {
  submitUnderlying: string;
  evidenceUpload: string;
}

export const DEFAULT_ROUTES: DriverRoutes = {
  submitUnderlying: "/api/issue/submit-underlying",
  evidenceUpload: "/api/evidence/upload",
};

/** Reading the contracts' answers: addresses lowercased, numbers, enum members by index. */
export const lower = (value: string): string => value.toLowerCase();
export const num = (value: unknown): number => Number(value);

export function stateName<T extends readonly string[]>(names: T, value: unknown): T[number] {
  const name = names[Number(value)];
  if (name === undefined) throw new Error(`no enum member ${String(value)} in ${names.join(",")}`);
  return name;
}

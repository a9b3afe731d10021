/**
 * What clients call on a chain, by role rather than by contract name: the pay token is DevUSDT on the
 * devnet and real USDT on BSC, which is not our contract, so no client may name it "DevUSDT".
 * deployments/<chainId>.json lists an address per role; generate.ts types each role with `abi`.
 */
export const ROLES = {
  /** The ERC-20 markets, Licenses and margins are paid in (USDT). Called through the standard ERC-20 ABI only. */
  payToken: { abi: "ERC20", required: true },
  /** PRDS: ours on every chain (ERC-20 + Votes + Permit): challenge stakes, votes, the free claim. */
  platformToken: { abi: "PRDS", required: true },
  license: { abi: "License", required: true },
  licenseMarketplace: { abi: "LicenseMarketplace", required: true },
  /** Markets at its address with the full IMarkets ABI (the dispute calls it routes internally). */
  markets: { abi: "Markets", required: true },
  claim: { abi: "Claim", required: true },
  /** Devnet only: the pay token's free `mint` (DevUSDT). Absent on real chains, so pages must check for it. */
  payTokenFaucet: { abi: "DevUSDT", required: false },
} as const satisfies Record<string, { abi: string; required: boolean }>;

export type Role = keyof typeof ROLES;

export interface TokenInfo {
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
}

/**
 * The one table of the tokens clients name by role: symbol, name and decimals, the same on every chain
 * (BSC's USDT has 18 decimals, like the devnet's). generate.ts writes it into generated/chains.ts,
 * which the app's chain registry reads; a network's parameters file must agree with it.
 */
export const TOKENS = {
  payToken: { symbol: "USDT", name: "Tether USD", decimals: 18 },
  platformToken: { symbol: "PRDS", name: "PRDS", decimals: 18 },
} as const satisfies Partial<Record<Role, TokenInfo>>;

export type TokenRole = keyof typeof TOKENS;

/**
 * The chains the product runs on, by id: the name clients send as `chainType` and the symbol of the
 * chain's native currency (the testnet's is tBNB). generate.ts writes it into generated/chains.ts, which
 * the app's chain registry and the api's fund list both read.
 */
export const CHAIN_NAMES = {
  56: { chainType: "bsc", nativeSymbol: "BNB" },
  97: { chainType: "bsc-testnet", nativeSymbol: "tBNB" },
  31337: { chainType: "devnet", nativeSymbol: "BNB" },
} as const;
export type RequiredRole = { [R in Role]: (typeof ROLES)[R]["required"] extends true ? R : never }[Role];
export type OptionalRole = Exclude<Role, RequiredRole>;

export function isRole(name: string): name is Role {
  return Object.prototype.hasOwnProperty.call(ROLES, name);
}

/** Every role, sorted. */
export const ROLE_NAMES: readonly Role[] = Object.keys(ROLES).filter(isRole).sort();

export function isRequiredRole(role: Role): role is RequiredRole {
  return ROLES[role].required;
}

/** The contract deployProtocol (scripts/deploy.ts) puts in each role on a chain we deploy ourselves. */
export const DEPLOYED_CONTRACT_OF_ROLE = {
  payToken: "DevUSDT",
  payTokenFaucet: "DevUSDT",
  platformToken: "PRDS",
  license: "License",
  licenseMarketplace: "LicenseMarketplace",
  markets: "Markets",
  claim: "Claim",
} as const satisfies Record<Role, string>;

/** Role → address from deployProtocol's contract name → address. */
export function rolesOf(addresses: Readonly<Record<string, string>>): Record<Role, string> {
  const at = (role: Role): string => {
    const address = addresses[DEPLOYED_CONTRACT_OF_ROLE[role]];
    if (address === undefined) throw new Error(`deployProtocol deployed no ${DEPLOYED_CONTRACT_OF_ROLE[role]} (role ${role})`);
    return address;
  };
  return {
    payToken: at("payToken"),
    platformToken: at("platformToken"),
    license: at("license"),
    licenseMarketplace: at("licenseMarketplace"),
    markets: at("markets"),
    claim: at("claim"),
    payTokenFaucet: at("payTokenFaucet"),
  };
}

// The gas a call can need beyond its estimate when it is mined later than it was estimated, derived
// from the contracts' storage writes. `eth_estimateGas` prices the path the call takes on the state
// and clock of the moment it runs; a transaction confirmed in the wallet seconds later can take a
// dearer path (a new 5-min checkpoint bucket, another account's action in between). A transaction's
// gas limit must cover that path: the transaction helper in @prds/shared adds these figures to the
// estimate, and test/worstPathGas.test.ts measures each one against the contracts.
import type { Role } from "../generated/chains";
import type { roleAbis } from "../generated/index";

// EVM storage prices since Berlin / London (EIP-2929, EIP-2200, EIP-3529), the same on BSC.
const COLD_SLOAD = 2_100;
/** A zero slot made non-zero (the first write of the slot in the transaction). */
const SSTORE_SET = 20_000;
/** A non-zero slot changed (after its cold read). */
const SSTORE_RESET = 2_900;
/** Hashing the mapping keys, the branch and the packing of one archive (measured ~1,300, rounded up). */
const ARCHIVE_COMPUTE = 1_500;

/**
 * `MarketsBase._record` when the 300-s bucket changed since the history's head and the head's
 * previous checkpoint must move to the archive (`_archive`): `past[0].count` read cold, a new
 * `past[n]` slot set (cold), and the count updated. Estimated in the head's own bucket, the same
 * call writes only the head, so this is all the extra, per history the call touches.
 */
export const ARCHIVE_GAS = COLD_SLOAD + (COLD_SLOAD + SSTORE_SET) + SSTORE_RESET + ARCHIVE_COMPUTE;

/**
 * A slot the call makes non-zero that another account (or the caller from another tab) can empty
 * between the estimate and the mining: a token balance or an internal credit the call pays into
 * (the payee spent or withdrew all of it). Set instead of updated: SSTORE_SET − SSTORE_RESET.
 */
export const REFILL_GAS = SSTORE_SET - SSTORE_RESET;

/**
 * `MarketsDisputes.challenge` estimated as a market's first challenge but mined as its second
 * (another participant's challenge was mined first): the vote starts at once, writing the dispute's
 * vote fields (`_startVote`: kind, candidates, snapshot block, end; `openB`, `sharedClaim`) into
 * slots the first challenge left zero, and reading the first challenge back.
 */
export const CHALLENGE_STARTS_VOTE_GAS = 2 * SSTORE_SET + 2 * COLD_SLOAD + 2_000;

/** What a call's worst path can add: whole storage effects, each priced above. */
export interface WorstPath {
  /** Checkpoint histories whose archive the call may have to write (`_record` across a bucket). */
  readonly archives?: number;
  /** Slots others can empty before the call refills them. */
  readonly refills?: number;
  /** The extra of a path another account's call opens (see CHALLENGE_STARTS_VOTE_GAS). */
  readonly otherPath?: number;
}

type WriteFunctionName<R extends Role> = Extract<
  (typeof roleAbis)[R][number],
  { readonly type: "function"; readonly stateMutability: "nonpayable" | "payable" }
>["name"];

/**
 * Per contract role and write function (typed by the ABI: a renamed function fails to compile), the
 * worst path beyond the estimate. A call not listed costs what it is estimated at whenever it is
 * mined: its path depends only on the caller's own state, or others can only make it cheaper (a
 * vote's tally or a first holder's slot that someone else fills first).
 */
export const WORST_PATH: { readonly [R in Role]?: { readonly [F in WriteFunctionName<R>]?: WorstPath } } = {
  markets: {
    // Option total and position; with a referrer (bound earlier, so not always in the arguments)
    // also the referrer's share and the market's referral total: four histories.
    buy: { archives: 4 },
    // The first claim after the window finalizes: issuer fee and bond, treasury fee (credits), a
    // staked License back to the issuer (its ERC-721 balance), and the payee's pay-token balance.
    claim: { refills: 4 },
    // Finalize, void, slash or tally: issuer, treasury and challenger credits, the License's new holder.
    advance: { refills: 4 },
    // Mined as the market's second challenge: the vote starts at once.
    challenge: { otherPath: CHALLENGE_STARTS_VOTE_GAS },
    // The challenger's PRDS stake back; the caller's own payouts below.
    concede: { refills: 1 },
    claimReferral: { refills: 1 },
    claimCompensation: { refills: 1 },
    claimVoterReward: { refills: 1 },
    withdraw: { refills: 1 },
    cancel: { refills: 2 },
  },
  // Primary sales pay the treasury.
  license: { buy: { refills: 1 }, buyPacket: { refills: 1 } },
  // A sale or a rent pays the seller / owner; a cancelled listing returns the License to its owner.
  licenseMarketplace: {
    buy: { refills: 2 },
    rent: { refills: 1 },
    cancelSale: { refills: 1 },
    cancelRentListing: { refills: 1 },
  },
};

/** The gas `fn` of `role` can need beyond its estimate when mined later (0 for a call not listed). */
export function worstPathExtraGas(role: Role, fn: string): bigint {
  const table = WORST_PATH[role] as Readonly<Record<string, WorstPath>> | undefined;
  const path = table?.[fn];
  if (!path) return 0n;
  return BigInt((path.archives ?? 0) * ARCHIVE_GAS + (path.refills ?? 0) * REFILL_GAS + (path.otherPath ?? 0));
}

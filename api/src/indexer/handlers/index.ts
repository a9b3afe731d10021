import type { DecodedEvent, WatchedContract } from "../decode";
import { accountHandlers, claimHandlers } from "./accounts";
import type { EventHandler, HandlerTable } from "./context";
import { disputeHandlers } from "./disputes";
import { licenseHandlers, marketplaceHandlers } from "./licenses";
import { marketHandlers } from "./markets";

/**
 * Handlers by emitting contract and event name. Events without one (approvals, wiring, PacketSold)
 * are still kept in chain_events.
 *
 * What the derived columns mean where the name alone does not say (every value comes from events;
 * the contracts' views are never read):
 *
 * markets
 * - pool / option stakes: Bought.pool / Bought.optionStake, the issuer's seed included;
 *   volume = Σ Bought.amount (fees included); buyers_stake = Σ Bought.stake;
 *   fee_total = Σ Bought.fee (every buy's, as getMarket().feeTotal);
 * - result: the claim standing now (the issuer's, a conceded or defaulted challenger's, the vote's);
 *   issuer_result: what the issuer confirmed; dao_result: the option a vote chose (IssuerWins →
 *   the standing claim, ChallengerWins → the winning challenge's option, OptionChosen → choice − 1),
 *   null when no vote decided an option (quorum missed, invalid);
 * - known_at: null unless early; pool_at_cutoff: for an early claim, the seed plus the stakes of
 *   trades in checkpoint buckets before bucket(known_at) (what the market settles on; at
 *   finalization MarketFinalized.netPool); null otherwise;
 * - overturned: 1 once a concession, a default, a ChallengerWins vote or an Invalid vote on a
 *   challenged claim replaced the issuer's result (an absent issuer's vote does not count);
 * - response_end: challenge block time + params.responsePeriod of the first open challenge;
 * - bond_state: locked until BondReleased / BondSlashed (a cancel refunds it: released);
 * - finalized_at: block time the market reached a terminal phase (Final, Cancelled, Void, Invalid);
 *   net_pool … referral_fees: MarketFinalized's figures.
 * positions: what an account staked per option (the issuer's seed included, fee 0) — never cleared
 *   by a claim or a cancel, unlike positionOf: payouts tells whether it was claimed.
 * payouts: one row per Claimed (payout, refund) and one per MarketCancelled (the issuer's
 *   liquidity as a refund: Markets.cancel pays it back with the margin, which is no position).
 * market_odds: seq 0 at issuance, then one row per trade (seq = trade_count) with every option's stake.
 * challenges: prds_returned / compensation null until ChallengeSettled.
 * referral_earnings: accrued = Σ fee × referrerShareBps / 10000 per referred buy (rounded per buy,
 *   as Markets.buy); after an early confirmation the shares of late buys are accrued but never
 *   claimable; claimed = Σ ReferralClaimed.
 * votes.reward: VoterRewardClaimed.amount, null until claimed.
 * licenses, license_events: see licenses.ts. position_snapshots: see snapshots.ts.
 * chain_transactions: one row per transaction with protocol events; from_address stays null.
 */
export const HANDLERS: { readonly [C in WatchedContract]: HandlerTable<C> } = {
  Markets: { ...marketHandlers, ...disputeHandlers, ...accountHandlers },
  License: licenseHandlers,
  LicenseMarketplace: marketplaceHandlers,
  Claim: claimHandlers,
};

/** The handler of a decoded event, if its contract's table has one. */
export function handlerOf(event: DecodedEvent): EventHandler | undefined {
  // Any contract's table read by a name the ABI decoded (a name without a handler gives undefined).
  const table: Readonly<Partial<Record<string, EventHandler>>> = HANDLERS[event.contract];
  return table[event.name];
}

import { enums } from "@prds/contracts";
import type { Row } from "../../db/schema";
import type { DecodedEvent } from "../decode";
import { add, amount, bool, bucketOf, ZERO_ADDRESS, type HandlerContext, type HandlerTable } from "./context";

/**
 * The market lifecycle on the Markets address: issue, buys, confirmation, cancel, void, invalid,
 * final, bond, claims. Disputes (challenges, votes) are in disputes.ts, money owed to accounts
 * (credits, referrals) in accounts.ts.
 */

export function marketOf(ctx: HandlerContext, event: DecodedEvent): Row<"markets"> {
  return ctx.store.must("markets", [event.args.num("id")]);
}

/** Puts a market with `patch` applied, stamped with the event's block. */
export function updateMarket(
  ctx: HandlerContext,
  event: DecodedEvent,
  market: Row<"markets">,
  patch: Partial<Row<"markets">>,
): void {
  ctx.store.put("markets", { ...market, ...patch, updated_block: event.blockNumber });
}

/**
 * Pool (seed included) of the stakes placed before the checkpoint bucket of `knownAt`: what an
 * early-confirmed market is settled on (MarketsBase._poolAt). Trading has closed by the time a
 * market is confirmed, so every trade is known.
 */
export function poolBefore(ctx: HandlerContext, market: Row<"markets">, knownAt: number): string {
  const cutoff = bucketOf(ctx.params, knownAt);
  let pool = BigInt(market.liquidity);
  for (const trade of ctx.store.tradesOf(market.id)) {
    if (bucketOf(ctx.params, trade.time) < cutoff) pool += BigInt(trade.stake);
  }
  return pool.toString();
}

/** The fields an accepted claim (option, and its known time when early) sets. */
export function claimFields(
  ctx: HandlerContext,
  market: Row<"markets">,
  option: number,
  knownAt: number,
): Partial<Row<"markets">> {
  const early = knownAt !== 0;
  return {
    result: option,
    early: bool(early),
    known_at: early ? knownAt : null,
    pool_at_cutoff: early ? poolBefore(ctx, market, knownAt) : null,
  };
}

/**
 * Realises each position holder's profit in a market that just finalized: entitlement (payout on
 * the result's counted stake + full refund of stakes placed after the cutoff) − invested, exactly
 * as Markets.claim will pay it.
 */
function realizeProfits(ctx: HandlerContext, event: DecodedEvent, market: Row<"markets">): void {
  const { args } = event;
  const result = args.num("result");
  const netPool = args.big("netPool");
  const winningStake = args.big("winningStake");
  const early = args.bool("early");
  const cutoff = early ? bucketOf(ctx.params, args.num("knownAt")) : Number.POSITIVE_INFINITY;

  interface Holding {
    invested: bigint;
    counted: Map<number, bigint>;
    refund: bigint;
  }
  const holders = new Map<string, Holding>();
  for (const position of ctx.store.group("positions", market.id)) {
    const holding = holders.get(position.account) ?? { invested: 0n, counted: new Map(), refund: 0n };
    holding.invested += BigInt(position.invested);
    holding.counted.set(position.option, (holding.counted.get(position.option) ?? 0n) + BigInt(position.stake));
    holders.set(position.account, holding);
  }
  if (early) {
    // Stakes placed from the cutoff's bucket on are refunded in full (stake + fee = the trade's amount).
    for (const trade of ctx.store.tradesOf(market.id)) {
      if (bucketOf(ctx.params, trade.time) < cutoff) continue;
      const holding = holders.get(trade.account);
      if (!holding) continue;
      holding.counted.set(trade.option, (holding.counted.get(trade.option) ?? 0n) - BigInt(trade.stake));
      holding.refund += BigInt(trade.amount);
    }
  }
  for (const [account, holding] of holders) {
    const counted = holding.counted.get(result) ?? 0n;
    const payout = counted > 0n && winningStake > 0n ? (counted * netPool) / winningStake : 0n;
    ctx.snapshots.record(account, event.time, { realized: payout + holding.refund - holding.invested });
  }
}

function terminal(ctx: HandlerContext, event: DecodedEvent, patch: Partial<Row<"markets">>): void {
  updateMarket(ctx, event, marketOf(ctx, event), { ...patch, finalized_at: event.time });
}

export const marketHandlers: HandlerTable<"Markets"> = {
  MarketIssued: {
    needs(event, requests) {
      const id = event.args.num("id");
      const issuer = event.args.hex("issuer");
      requests.market(id);
      event.args.hexList("options").forEach((_, option) => requests.row("positions", [id, issuer, option]));
      requests.snapshot(issuer);
    },
    apply(ctx, event) {
      const { args } = event;
      const id = args.num("id");
      const issuer = args.hex("issuer");
      const options = args.hexList("options");
      const liquidity = args.big("liquidity");
      const seed = liquidity / BigInt(options.length);
      ctx.store.put("markets", {
        id,
        issuer,
        license_id: args.num("licenseId"),
        metadata_hash: args.hex("metadataHash"),
        option_count: options.length,
        last_trading_time: args.num("lastTradingTime"),
        expiration_time: args.num("expirationTime"),
        created_at: event.time,
        created_block: event.blockNumber,
        tx_hash: event.txHash,
        liquidity: amount(liquidity),
        margin: amount(args.big("margin")),
        license_staked: bool(args.bool("licenseStaked")),
        license_value: amount(args.big("licenseValue")),
        capacity: amount(args.big("capacity")),
        rental_end: args.num("rentalEnd"),
        pool: amount(liquidity),
        volume: "0",
        buyers_stake: "0",
        fee_total: "0",
        trade_count: 0,
        phase: "Trading",
        result: null,
        issuer_result: null,
        dao_result: null,
        early: 0,
        known_at: null,
        confirmed_at: null,
        window_end: null,
        pool_at_cutoff: null,
        issuer_absent: 0,
        appealed: 0,
        challenge_count: 0,
        vote_kind: null,
        vote_candidates: null,
        vote_end: null,
        vote_extended: 0,
        vote_snapshot_block: null,
        response_end: null,
        tally_outcome: null,
        invalid_reason: null,
        net_pool: null,
        winning_stake: null,
        issuer_fee: null,
        platform_fee: null,
        referral_fees: null,
        bond_state: "locked",
        overturned: 0,
        finalized_at: null,
        updated_block: event.blockNumber,
      });
      options.forEach((optionKey, idx) => {
        ctx.store.put("market_options", { market_id: id, idx, option_key: optionKey, stake: amount(seed) });
        // The seed is the issuer's position (positionOf answers it), placed before any cutoff.
        ctx.store.put("positions", {
          market_id: id,
          account: issuer,
          option: idx,
          stake: amount(seed),
          fee: "0",
          invested: amount(seed),
          first_time: event.time,
          last_time: event.time,
        });
      });
      // seq 0: the odds the market opened with, so a chart starts at issuance.
      ctx.store.append("market_odds", {
        market_id: id,
        seq: 0,
        block_number: event.blockNumber,
        time: event.time,
        stakes_json: JSON.stringify(options.map(() => seed.toString())),
        pool: amount(liquidity),
      });
      ctx.snapshots.record(issuer, event.time, { invested: liquidity });
    },
  },

  Bought: {
    needs(event, requests) {
      const id = event.args.num("id");
      const buyer = event.args.hex("buyer");
      requests.market(id);
      requests.row("positions", [id, buyer, event.args.num("option")]);
      const referrer = event.args.hex("referrer");
      if (referrer !== ZERO_ADDRESS) requests.row("referral_earnings", [referrer, id]);
      requests.snapshot(buyer);
    },
    apply(ctx, event) {
      const { args } = event;
      const { store } = ctx;
      const id = args.num("id");
      const buyer = args.hex("buyer");
      const option = args.num("option");
      const paid = args.big("amount");
      const stake = args.big("stake");
      const fee = args.big("fee");
      const referrer = args.hex("referrer");
      const optionStake = amount(args.big("optionStake"));
      const pool = amount(args.big("pool"));
      const market = store.must("markets", [id]);
      const seq = market.trade_count + 1;

      store.put("market_options", { ...store.must("market_options", [id, option]), stake: optionStake });
      updateMarket(ctx, event, market, {
        pool,
        volume: add(market.volume, paid),
        buyers_stake: add(market.buyers_stake, stake),
        fee_total: add(market.fee_total, fee),
        trade_count: seq,
      });
      store.append("trades", {
        tx_hash: event.txHash,
        log_index: event.logIndex,
        market_id: id,
        account: buyer,
        option,
        amount: amount(paid),
        stake: amount(stake),
        fee: amount(fee),
        referrer: referrer === ZERO_ADDRESS ? null : referrer,
        option_stake: optionStake,
        pool,
        time: event.time,
        block_number: event.blockNumber,
      });
      const stakes = store
        .group("market_options", id)
        .sort((a, b) => a.idx - b.idx)
        .map((o) => o.stake);
      store.append("market_odds", {
        market_id: id,
        seq,
        block_number: event.blockNumber,
        time: event.time,
        stakes_json: JSON.stringify(stakes),
        pool,
      });
      const position = store.get("positions", [id, buyer, option]);
      store.put("positions", {
        market_id: id,
        account: buyer,
        option,
        stake: add(position?.stake ?? "0", stake),
        fee: add(position?.fee ?? "0", fee),
        invested: add(position?.invested ?? "0", paid),
        first_time: position?.first_time ?? event.time,
        last_time: event.time,
      });
      if (referrer !== ZERO_ADDRESS) {
        // Markets.buy: refFee = fee × referrerShareBps / BPS, rounded down per buy.
        const share = (fee * BigInt(ctx.params.referrerShareBps)) / 10_000n;
        if (share > 0n) {
          const earning = store.get("referral_earnings", [referrer, id]);
          store.put("referral_earnings", {
            referrer,
            market_id: id,
            accrued: add(earning?.accrued ?? "0", share),
            claimed: earning?.claimed ?? "0",
          });
        }
      }
      store.addTrade(id, { account: buyer, option, stake: amount(stake), amount: amount(paid), time: event.time });
      ctx.snapshots.record(buyer, event.time, { invested: paid });
    },
  },

  MarginAdded: {
    needs: (event, requests) => requests.market(event.args.num("id")),
    apply(ctx, event) {
      updateMarket(ctx, event, marketOf(ctx, event), {
        margin: amount(event.args.big("margin")),
        capacity: amount(event.args.big("capacity")),
      });
    },
  },

  ResultConfirmed: {
    needs(event, requests) {
      requests.market(event.args.num("id"));
      if (event.args.bool("early")) requests.trades.add(event.args.num("id"));
    },
    apply(ctx, event) {
      const { args } = event;
      const market = marketOf(ctx, event);
      const option = args.num("option");
      const knownAt = args.bool("early") ? args.num("knownAt") : 0;
      updateMarket(ctx, event, market, {
        ...claimFields(ctx, market, option, knownAt),
        // An early confirmation at knownAt 0 cannot happen (knownAt ≥ createdAt > 0).
        early: bool(args.bool("early")),
        phase: "Confirmed",
        issuer_result: option,
        confirmed_at: event.time,
        window_end: args.num("windowEnd"),
      });
    },
  },

  MarketCancelled: {
    needs(event, requests) {
      requests.market(event.args.num("id"));
      requests.snapshot(event.args.hex("issuer"));
    },
    apply(ctx, event) {
      const market = marketOf(ctx, event);
      terminal(ctx, event, { phase: "Cancelled", bond_state: "released" });
      // Markets.cancel pays the seeded liquidity back with the margin in the same transaction: the
      // liquidity was the issuer's position, so it is a refund received like a claim's (the margin
      // is the bond, never a position). It also clears the position on chain: nothing is left to claim.
      const liquidity = BigInt(market.liquidity);
      ctx.store.append("payouts", {
        tx_hash: event.txHash,
        log_index: event.logIndex,
        market_id: market.id,
        account: market.issuer,
        payout: "0",
        refund: amount(liquidity),
        time: event.time,
        block_number: event.blockNumber,
      });
      ctx.snapshots.record(market.issuer, event.time, { received: liquidity });
    },
  },

  MarketVoided: {
    needs: (event, requests) => requests.market(event.args.num("id")),
    apply: (ctx, event) => terminal(ctx, event, { phase: "Void" }),
  },

  MarketInvalidated: {
    needs: (event, requests) => requests.market(event.args.num("id")),
    apply(ctx, event) {
      const reason = enums.IMarketsTypes.InvalidReason[event.args.num("reason")];
      if (!reason) throw new Error(`unknown InvalidReason ${event.args.num("reason")}`);
      terminal(ctx, event, { phase: "Invalid", invalid_reason: reason });
    },
  },

  MarketFinalized: {
    needs(event, requests) {
      const id = event.args.num("id");
      requests.market(id);
      requests.group("positions", id);
      requests.holdersOf.add(id);
      if (event.args.bool("early")) requests.trades.add(id);
    },
    apply(ctx, event) {
      const { args } = event;
      const market = marketOf(ctx, event);
      const early = args.bool("early");
      terminal(ctx, event, {
        phase: "Final",
        result: args.num("result"),
        early: bool(early),
        known_at: early ? args.num("knownAt") : null,
        // netPool is the pool before the cutoff (all of it when not early).
        pool_at_cutoff: early ? amount(args.big("netPool")) : null,
        net_pool: amount(args.big("netPool")),
        winning_stake: amount(args.big("winningStake")),
        issuer_fee: amount(args.big("issuerFee")),
        platform_fee: amount(args.big("platformFee")),
        referral_fees: amount(args.big("referralFees")),
      });
      realizeProfits(ctx, event, market);
    },
  },

  BondReleased: {
    needs: (event, requests) => requests.market(event.args.num("id")),
    apply: (ctx, event) => updateMarket(ctx, event, marketOf(ctx, event), { bond_state: "released" }),
  },

  BondSlashed: {
    needs: (event, requests) => requests.market(event.args.num("id")),
    apply: (ctx, event) => updateMarket(ctx, event, marketOf(ctx, event), { bond_state: "slashed" }),
  },

  IssuerAbsent: {
    needs: (event, requests) => requests.market(event.args.num("id")),
    apply: (ctx, event) => updateMarket(ctx, event, marketOf(ctx, event), { issuer_absent: 1 }),
  },

  Claimed: {
    needs: (event, requests) => requests.snapshot(event.args.hex("account")),
    apply(ctx, event) {
      const { args } = event;
      const payout = args.big("payout");
      const refund = args.big("refund");
      ctx.store.append("payouts", {
        tx_hash: event.txHash,
        log_index: event.logIndex,
        market_id: args.num("id"),
        account: args.hex("account"),
        payout: amount(payout),
        refund: amount(refund),
        time: event.time,
        block_number: event.blockNumber,
      });
      ctx.snapshots.record(args.hex("account"), event.time, { received: payout + refund });
    },
  },
};

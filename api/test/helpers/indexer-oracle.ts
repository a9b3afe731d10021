import type { Contract } from "ethers";
import { enums } from "@prds/contracts";
import type { Protocol } from "@prds/contracts/deploy";
import type { Db } from "../../src/db/connect";
import { dumpDerived } from "./indexer";

const ZERO = "0x0000000000000000000000000000000000000000";

async function view<T>(contract: Contract, method: string, ...args: unknown[]): Promise<T> {
  return (await contract.getFunction(method)(...args)) as T;
}

const text = (value: unknown): string => String(value).toLowerCase();
const big = (value: unknown): string => BigInt(value as bigint).toString();
const orZero = (value: unknown): string => (value === null || value === undefined ? "0" : String(value));

/**
 * Compares the derived tables with the contracts' own views at the chain's latest block (the views
 * are the oracle in tests only: the indexer never reads them). Answers a list of mismatches, each
 * naming the row and field, so a failing suite shows all of them at once.
 */
export async function mismatchesWithViews(db: Db, protocol: Protocol, options: { everyoneClaimed: boolean }): Promise<string[]> {
  const { markets, license, marketplace, claim } = protocol;
  const tables = await dumpDerived(db);
  const problems: string[] = [];
  const check = (what: string, actual: unknown, expected: unknown): void => {
    if (String(actual) !== String(expected)) problems.push(`${what}: table ${String(actual)} ≠ chain ${String(expected)}`);
  };

  // ---------------------------------------------------------------- markets
  const count = Number(await view<bigint>(markets, "marketCount"));
  check("market count", tables.markets.length, count);
  const claimedBy = new Set(tables.payouts.map((p) => `${String(p.market_id)}:${String(p.account)}`));
  const marketsById = new Map(tables.markets.map((row) => [Number(row.id), row]));
  for (const row of tables.markets) {
    const id = Number(row.id);
    const v = await view<Record<string, unknown>>(markets, "getMarket", id);
    const at = `market ${id}`;
    check(`${at} issuer`, row.issuer, text(v.issuer));
    check(`${at} optionCount`, row.option_count, Number(v.optionCount));
    check(`${at} createdAt`, row.created_at, Number(v.createdAt));
    check(`${at} lastTradingTime`, row.last_trading_time, Number(v.lastTradingTime));
    check(`${at} expirationTime`, row.expiration_time, Number(v.expirationTime));
    check(`${at} licenseId`, row.license_id, Number(v.licenseId));
    check(`${at} licenseStaked`, row.license_staked, v.licenseStaked ? 1 : 0);
    check(`${at} licenseValue`, row.license_value, big(v.licenseValue));
    check(`${at} margin`, row.margin, big(v.margin));
    check(`${at} liquidity`, row.liquidity, big(v.liquidity));
    check(`${at} pool`, row.pool, big(v.pool));
    check(`${at} feeTotal`, row.fee_total, big(v.feeTotal));
    check(`${at} buyers_stake`, row.buyers_stake, (BigInt(v.pool as bigint) - BigInt(v.liquidity as bigint)).toString());
    check(`${at} capacity`, row.capacity, big(v.capacity));
    check(`${at} result`, row.result ?? 0, Number(v.result));
    check(`${at} early`, row.early, v.early ? 1 : 0);
    check(`${at} knownAt`, row.known_at ?? 0, Number(v.knownAt));
    check(`${at} confirmedAt`, row.confirmed_at ?? 0, Number(v.confirmedAt));
    check(`${at} windowEnd`, row.window_end ?? 0, Number(v.windowEnd));
    check(`${at} bondSettled`, row.bond_state !== "locked", v.bondSettled);
    check(`${at} netPool`, orZero(row.net_pool), big(v.netPool));
    check(`${at} winningStake`, orZero(row.winning_stake), big(v.winningStake));
    check(`${at} metadataHash`, row.metadata_hash, text(v.metadataHash));
    const state = enums.IMarketsTypes.MarketState[Number(v.state)];
    const phaseStates: Record<string, string[]> = {
      Trading: ["Open", "Closed", "WaitingConfirmation", "IssuerAbsent", "Void"],
      Confirmed: ["EarlyConfirmed", "Confirmed", "Finished", "Void"],
      Challenging: ["Challenging", "WaitResult"],
      Voting: ["Appealing", "Voting", "WaitResult"],
      Final: ["Finished"],
      Cancelled: ["Cancelled"],
      Void: ["Void"],
      Invalid: ["Invalid"],
    };
    if (!phaseStates[String(row.phase)]?.includes(String(state)))
      problems.push(`${at}: phase ${String(row.phase)} but state ${String(state)}`);

    const stakes = await view<bigint[]>(markets, "optionStakes", id);
    const options = tables.market_options.filter((o) => Number(o.market_id) === id);
    check(`${at} options`, options.map((o) => o.stake).join(","), stakes.map(big).join(","));
    const trades = tables.trades.filter((t) => Number(t.market_id) === id);
    check(`${at} trade_count`, row.trade_count, trades.length);
    check(
      `${at} volume`,
      row.volume,
      trades.reduce((sum, t) => sum + BigInt(String(t.amount)), 0n),
    );
    const odds = tables.market_odds.filter((o) => Number(o.market_id) === id);
    const lastOdds = odds[odds.length - 1];
    check(`${at} odds`, lastOdds?.stakes_json, JSON.stringify(stakes.map(big)));

    const dispute = await view<Record<string, unknown>>(markets, "disputeOf", id);
    const kind = enums.IMarketsTypes.VoteKind[Number(dispute.kind)];
    check(`${at} vote_kind`, row.vote_kind ?? "None", kind);
    if (row.vote_kind !== null) {
      check(`${at} vote_candidates`, row.vote_candidates, Number(dispute.candidates));
      check(`${at} vote_end`, row.vote_end, Number(dispute.voteEnd));
      check(`${at} vote_snapshot_block`, row.vote_snapshot_block, Number(dispute.snapshotBlock));
      check(`${at} vote_extended`, row.vote_extended, dispute.extended ? 1 : 0);
    }
    if (row.response_end !== null) check(`${at} response_end`, row.response_end, Number(dispute.responseEnd));

    const challenges = await view<Record<string, unknown>[]>(markets, "challengesOf", id);
    const ours = tables.challenges.filter((ch) => Number(ch.market_id) === id);
    check(`${at} challenge_count`, row.challenge_count, challenges.length);
    check(`${at} challenges`, ours.length, challenges.length);
    challenges.forEach((ch, idx) => {
      const mine = ours.find((o) => Number(o.idx) === idx);
      const where = `${at} challenge ${idx}`;
      if (!mine) return problems.push(`${where}: missing`);
      check(`${where} challenger`, mine.challenger, text(ch.challenger));
      check(`${where} option`, mine.option, Number(ch.option));
      check(`${where} knownAt`, mine.known_at, Number(ch.knownAt));
      check(`${where} status`, mine.status, enums.IMarketsTypes.ChallengeStatus[Number(ch.status)]);
      check(`${where} compensationClaimed`, mine.compensation_claimed, ch.compensationClaimed ? 1 : 0);
      check(`${where} evidence`, mine.evidence_hash, text(ch.evidenceHash));
      check(`${where} stake`, mine.stake, big(ch.stake));
      check(`${where} compensation`, orZero(mine.compensation), big(ch.compensation));
      return undefined;
    });
  }

  for (const row of tables.positions) {
    const id = Number(row.market_id);
    const [stake, fee] = await view<[bigint, bigint]>(markets, "positionOf", id, row.account, row.option);
    const at = `position ${id}/${String(row.account)}/${String(row.option)}`;
    // A claim (or a cancel, for the issuer's seed) clears the position on chain; the table keeps it.
    const cleared = claimedBy.has(`${id}:${String(row.account)}`) || marketsById.get(id)?.phase === "Cancelled";
    check(`${at} stake`, cleared ? "0" : row.stake, big(stake));
    check(`${at} fee`, cleared ? "0" : row.fee, big(fee));
  }

  for (const row of tables.votes) {
    const ballot = await view<Record<string, unknown>>(markets, "ballotOf", row.market_id, row.voter);
    const at = `vote ${String(row.market_id)}/${String(row.voter)}`;
    check(`${at} choice`, row.choice, Number(ballot.choicePlusOne) - 1);
    check(`${at} weight`, row.weight, big(ballot.weight));
    check(`${at} rewarded`, row.reward !== null, ballot.rewarded);
  }
  for (const row of tables.credits) {
    check(`credit ${String(row.account)}`, row.balance, big(await view<bigint>(markets, "creditOf", row.account)));
  }
  for (const row of tables.referrals) {
    check(`referrer of ${String(row.account)}`, row.referrer, text(await view<string>(markets, "referrerOf", row.account)));
  }
  for (const row of tables.referral_earnings) {
    const owed = BigInt(await view<bigint>(markets, "referralOwed", row.market_id, row.referrer));
    const market = marketsById.get(Number(row.market_id));
    const at = `referral ${String(row.market_id)}/${String(row.referrer)}`;
    if (BigInt(String(row.claimed)) > 0n) check(`${at} claimed, owes`, owed, 0);
    else if (market?.phase === "Final" && market.early === 1) {
      if (owed > BigInt(String(row.accrued))) problems.push(`${at}: owes ${owed} > accrued ${String(row.accrued)}`);
    } else check(`${at} accrued`, row.accrued, owed);
  }

  // ---------------------------------------------------------------- licenses
  const minted = Number(await view<bigint>(license, "totalMinted"));
  check("license count", tables.licenses.length, minted);
  const marketsAddress = text(await markets.getAddress());
  for (const row of tables.licenses) {
    const id = Number(row.token_id);
    const at = `license ${id}`;
    const info = await view<Record<string, unknown>>(license, "info", id);
    check(`${at} type`, row.license_type, enums.ILicense.LicenseType[Number(info.licenseType)]);
    check(`${at} number`, row.number, Number(info.number));
    check(`${at} availableTimes`, row.available_times, Number(info.availableTimes));
    check(
      `${at} flags`,
      [row.tradable, row.rentable, row.usable].join(),
      [info.tradable, info.rentable, info.usable].map((b) => (b ? 1 : 0)).join(),
    );
    check(`${at} holder`, row.holder, text(await view<string>(license, "ownerOf", id)));
    const realOwner = text(await view<string>(marketplace, "realOwnerOf", id));
    // A License staked as a bond is still its issuer's (see handlers/licenses.ts).
    if (row.holder !== marketsAddress) check(`${at} owner`, row.owner, realOwner);
    const state = ["unsold", "on_sale", "listed_for_rent", "rented"][Number(await view<bigint>(marketplace, "stateOf", id))];
    check(`${at} state`, row.state, state);
    const rental = await view<Record<string, unknown>>(license, "rentalOf", id);
    check(`${at} user`, row.user ?? ZERO, text(rental.user));
    check(`${at} userExpires`, row.user_expires ?? 0, Number(await view<bigint>(license, "userExpires", id)));
    if (row.user !== null) {
      check(`${at} rental max issues`, row.rental_max_issues, Number(rental.maxIssues));
      check(`${at} rental issues used`, row.rental_issues_used, Number(rental.issuesUsed));
    }
    const sale = await view<Record<string, unknown>>(marketplace, "saleListing", id);
    check(`${at} sale price`, orZero(row.sale_price), big(sale.price));
    const rent = await view<Record<string, unknown>>(marketplace, "rentListing", id);
    check(`${at} rent price`, orZero(row.rent_price_per_day), big(rent.pricePerDay));
    check(`${at} rent max days`, row.rent_max_days ?? 0, Number(rent.maxDays));
    check(`${at} rent max issues`, row.rent_max_issues ?? 0, Number(rent.maxIssues));
    const used = tables.markets.filter((mk) => Number(mk.license_id) === id).length;
    check(`${at} markets_issued`, row.markets_issued, used);
  }

  // ---------------------------------------------------------------- PRDS claims
  let total = 0n;
  for (const row of tables.prds_claims) {
    check(`prds claim ${String(row.account)}`, await view<boolean>(claim, "claimed", row.account), true);
    total += BigInt(String(row.amount));
  }
  check("prds claimed total", total, big(await view<bigint>(claim, "totalClaimed")));

  problems.push(...snapshotMismatches(tables, options.everyoneClaimed));
  return problems;
}

/**
 * The snapshots' latest totals per account against the events they come from: invested = buys +
 * seeded liquidity; received = payouts (claims, and the liquidity a cancel gave back); realized =
 * over final markets the account has claimed in, received − invested (checked once everyone has
 * claimed).
 */
function snapshotMismatches(tables: Awaited<ReturnType<typeof dumpDerived>>, everyoneClaimed: boolean): string[] {
  const problems: string[] = [];
  const latest = new Map<string, Record<string, unknown>>();
  for (const row of tables.position_snapshots) {
    const prior = latest.get(String(row.account));
    if (!prior || String(prior.day) < String(row.day)) latest.set(String(row.account), row);
  }
  const phase = new Map(tables.markets.map((m) => [Number(m.id), String(m.phase)]));
  const sums = new Map<string, { invested: bigint; received: bigint; realized: bigint }>();
  const of = (account: unknown): { invested: bigint; received: bigint; realized: bigint } => {
    const key = String(account);
    const entry = sums.get(key) ?? { invested: 0n, received: 0n, realized: 0n };
    sums.set(key, entry);
    return entry;
  };
  for (const p of tables.positions) {
    of(p.account).invested += BigInt(String(p.invested));
    if (phase.get(Number(p.market_id)) === "Final") of(p.account).realized -= BigInt(String(p.invested));
  }
  for (const p of tables.payouts) {
    const amount = BigInt(String(p.payout)) + BigInt(String(p.refund));
    of(p.account).received += amount;
    if (phase.get(Number(p.market_id)) === "Final") of(p.account).realized += amount;
  }
  for (const [account, expected] of sums) {
    const row = latest.get(account);
    const at = `snapshot ${account}`;
    if (!row) {
      problems.push(`${at}: missing`);
      continue;
    }
    if (String(row.invested) !== expected.invested.toString())
      problems.push(`${at} invested ${String(row.invested)} ≠ ${expected.invested}`);
    if (String(row.received) !== expected.received.toString())
      problems.push(`${at} received ${String(row.received)} ≠ ${expected.received}`);
    if (everyoneClaimed && String(row.realized_profit) !== expected.realized.toString()) {
      problems.push(`${at} realized ${String(row.realized_profit)} ≠ ${expected.realized}`);
    }
  }
  return problems;
}

import type { AlertItem, AlertKind } from "@prds/api-schema";
import { accountClaims } from "../http/accountClaims";
import { marketsOfAccount } from "../http/accountMarkets";
import type { AppContext } from "../http/context";
import { loadMarkets, visibleMetadata, type MarketRow, type MetadataColumns } from "../http/marketRows";

const HOUR = 3_600;
const DAY = 86_400;
/** Alerts about something that happened (confirmed, challenged) are listed for this long. */
export const ALERT_HISTORY_SECONDS = 30 * DAY;
/** "stops trading in 1 hour", "ends in 1 day": how long before a deadline its alert falls due. */
export const CLOSING_LEAD = HOUR;
export const DEADLINE_LEAD = DAY;

export interface AccountAlerts {
  /** Newest first. */
  list: AlertItem[];
  /** Chain time at which the next alert falls due if nothing else changes; null when none will. */
  nextAt: number | null;
  now: number;
  /** What the account can claim now in all (/api/user/claims' totals): the stream's `claimable`. */
  claimable: { usdt: string; prds: string };
  /** The markets whose changes can change these alerts (held, issued, challenged, voted, claimable). */
  markets: number[];
}

type Market = MarketRow & MetadataColumns;

/**
 * An account's alerts at the chain's "now" (the indexer's head time, so the devnet's clock moves
 * them), derived from the indexed tables (issue 28):
 *
 * - a market it holds stops trading within CLOSING_LEAD (`closingSoon`), its result was confirmed
 *   (`resultConfirmed`), a challenge was opened on it (`challengeOpened`; also for its issuer, never
 *   for the challenger's own);
 * - a vote it can take part in opened (`voteOpened`) or ends within DEADLINE_LEAD (`voteEndsSoon`):
 *   on a market it holds, issued, challenged or voted on, or any open vote when it holds PRDS (the
 *   vote's weight is PRDS voting power);
 * - something is claimable on a market (`claimable`, what /api/user/claims lists);
 * - as the issuer: the confirmation window opened (`confirmWindowOpened`) or ends within
 *   DEADLINE_LEAD (`confirmWindowEndsSoon`).
 *
 * Each alert's key is stable (kind, market, and the time or challenge it is about), so a page keeps
 * which it has read. `nextAt` lets the stream recompute exactly when a time-based alert falls due.
 */
export async function accountAlerts(ctx: AppContext, accountRaw: string): Promise<AccountAlerts> {
  const account = accountRaw.toLowerCase();
  const db = ctx.db.kysely;
  const [head, params] = await Promise.all([ctx.head(), ctx.params()]);
  const now = head.now;
  const [held, issued, challenged, voted, openVotes, claims] = await Promise.all([
    marketsOfAccount(ctx, account),
    db
      .selectFrom("markets")
      .select("id")
      .where("issuer", "=", account)
      .where("phase", "not in", ["Final", "Cancelled"])
      .execute(),
    db.selectFrom("challenges").select(["market_id"]).where("challenger", "=", account).execute(),
    db.selectFrom("votes").select("market_id").where("voter", "=", account).execute(),
    db.selectFrom("markets").select("id").where("phase", "=", "Voting").where("vote_end", ">", now).limit(100).execute(),
    accountClaims(ctx, account),
  ]);
  const heldSet = new Set(held);
  const issuedSet = new Set(issued.map((r) => Number(r.id)));
  const involved = new Set<number>([
    ...held,
    ...issuedSet,
    ...challenged.map((r) => Number(r.market_id)),
    ...voted.map((r) => Number(r.market_id)),
  ]);
  // Any open vote counts when the account holds PRDS (its voting power); a node that cannot be
  // reached leaves those out rather than failing every alert.
  let votes = openVotes.map((r) => Number(r.id)).filter((id) => involved.has(id));
  if (votes.length < openVotes.length) {
    const prds = await ctx.chain.balances(account).then(
      (b) => b.prds,
      () => 0n,
    );
    if (prds > 0n) votes = openVotes.map((r) => Number(r.id));
  }
  const claimIds = claims.list.map((c) => Number(c.marketId));
  const ids = [...new Set([...held, ...issuedSet, ...votes, ...claimIds])];
  const [markets, challenges] = await Promise.all([
    loadMarkets(ctx.db, ids),
    ids.length === 0
      ? []
      : db
          .selectFrom("challenges")
          .select(["market_id", "idx", "challenger", "filed_at"])
          .where("market_id", "in", ids)
          .where("filed_at", ">", now - ALERT_HISTORY_SECONDS)
          .execute(),
  ]);

  const list: AlertItem[] = [];
  let nextAt: number | null = null;
  const later = (time: number): void => {
    if (time > now && (nextAt === null || time < nextAt)) nextAt = time;
  };
  const push = (kind: AlertKind, market: Market, at: number, deadline: number | null, suffix: string | number = at): void => {
    list.push({
      key: `${kind}:${market.id}:${suffix}`,
      kind,
      marketId: String(market.id),
      event: visibleMetadata(market).event,
      at,
      deadline,
    });
  };
  /** A deadline alert: due from `deadline − lead` until the deadline. */
  const dueBefore = (kind: AlertKind, market: Market, deadline: number, lead: number): void => {
    const from = deadline - lead;
    if (now >= from && now < deadline) push(kind, market, from, deadline, deadline);
    else later(from);
    later(deadline);
  };

  for (const id of ids) {
    const market = markets.get(id);
    if (!market) continue;
    // The issuer's seeded liquidity is a position too, but its own deadlines are told as the issuer's.
    if (heldSet.has(id) && market.issuer !== account) {
      if (market.phase === "Trading") dueBefore("closingSoon", market, market.last_trading_time, CLOSING_LEAD);
      if (market.confirmed_at !== null && market.confirmed_at > now - ALERT_HISTORY_SECONDS) {
        push("resultConfirmed", market, market.confirmed_at, market.window_end);
      }
      // A confirmed result becomes final (and claimable) when its window closes, with no event.
      if (market.window_end !== null) later(market.window_end);
    }
    if (issuedSet.has(id) && market.phase === "Trading") {
      const end = market.expiration_time + params.confirmationPeriod;
      if (now >= market.expiration_time && now < end) push("confirmWindowOpened", market, market.expiration_time, end);
      else later(market.expiration_time);
      dueBefore("confirmWindowEndsSoon", market, end, DEADLINE_LEAD);
    }
    if (votes.includes(id) && market.phase === "Voting" && market.vote_end !== null && market.vote_end > now) {
      push("voteOpened", market, Math.max(0, market.vote_end - params.votingPeriod), market.vote_end, market.vote_end);
      dueBefore("voteEndsSoon", market, market.vote_end, DEADLINE_LEAD);
    }
  }
  for (const c of challenges) {
    const id = Number(c.market_id);
    const market = markets.get(id);
    if (!market || c.challenger === account || !(heldSet.has(id) || issuedSet.has(id))) continue;
    push("challengeOpened", market, c.filed_at, market.response_end, c.idx);
  }
  for (const claim of claims.list) {
    const market = markets.get(Number(claim.marketId));
    if (market) push("claimable", market, market.finalized_at ?? market.window_end ?? market.expiration_time, null, "due");
  }
  list.sort((a, b) => b.at - a.at || a.key.localeCompare(b.key));
  return { list, nextAt, now, claimable: claims.totals, markets: [...new Set([...ids, ...involved])] };
}

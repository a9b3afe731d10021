import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { amountText, fromDbAmount, toDbAmount } from "../../db/amount";
import type { Row } from "../../db/schema";
import { accountMarkets, figuresOf, marketsOfAccount } from "../accountMarkets";
import { referralOwed } from "../accountDues";
import { registerCall } from "../call";
import type { AppContext } from "../context";
import { addressOf, marketIdOf, pageOf } from "../inputs";
import { loadMarkets, loadOptions, marketSummary, visibleMetadata } from "../marketRows";
import { marketLabel, marketState } from "../marketState";
import { sum } from "../pricing";
import { trackRecord } from "../trackRecord";
import {
  NoExtra,
  AccountBody,
  AccountPagedBody,
  BoughtBody,
  BoughtData,
  BoughtExtra,
  DealtBody,
  DealtData,
  IssuedBody,
  IssuedData,
  IssuedExtra,
  STATUS_TABS,
  ReferralData,
  ReferralExtra,
  SnapshotsBody,
  SnapshotsData,
  SnapshotsExtra,
  TrackRecordData,
} from "@prds/api-schema";
import { finishedCondition, tabCondition } from "../listTabs";
import { tradeItem } from "./market";

const DAY = 86_400;

function utcDay(time: number): string {
  return new Date(time * 1000).toISOString().slice(0, 10);
}

/** An account's portfolio screens: bought, dealt, issued, referral rewards, daily snapshots, track record. */
export function registerPortfolio(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;

  registerCall(
    app,
    {
      path: "/api/bought",
      cache: "private",
      summary: "Markets an account holds positions in, most recently bought first",
      tags: ["user"],
      body: BoughtBody,
      data: BoughtData,
      extra: BoughtExtra,
    },
    async (body) => {
      const account = addressOf(body.account, "account");
      const { page, pageSize, offset } = pageOf(body);
      const [head, params] = await Promise.all([ctx.head(), ctx.params()]);
      const minPremium = toDbAmount(ctx.db.dialect, params.minPremium);
      const status = body.status ?? "all";
      let q = db.selectFrom("positions as p").innerJoin("markets as m", "m.id", "p.market_id").where("p.account", "=", account);
      if (status === "open" || status === "settled") {
        const settled = finishedCondition(head.now, minPremium);
        q = q.where((eb) => (status === "settled" ? settled : eb.not(settled)));
      }
      // 'active' depends on the figures (a settled market stays until its payout or refund is claimed):
      // every row is read in order and the page is cut once the figures are known.
      const active = status === "active";
      const ordered = q
        .select(["p.market_id", (eb) => eb.fn.max("p.last_time").as("last")])
        .groupBy("p.market_id")
        .orderBy("last", "desc")
        .orderBy("p.market_id", "desc");
      const [read, count, all] = await Promise.all([
        active ? ordered.execute() : ordered.limit(pageSize).offset(offset).execute(),
        q.select((eb) => eb.fn.count<number>("p.market_id").distinct().as("n")).executeTakeFirstOrThrow(),
        marketsOfAccount(ctx, account),
      ]);
      // Totals over every market the account is in; the page's figures come from the same pass.
      const figures = await accountMarkets(ctx, account, all, head.now);
      const isActive = (id: number) => {
        const f = figures.get(id)?.figures;
        return f !== undefined && (!f.settled || (!f.claimed && f.pendingPayoff > 0n));
      };
      const kept = active ? read.filter((row) => isActive(Number(row.market_id))) : read;
      const rows = active ? kept.slice(offset, offset + pageSize) : kept;
      const total = active ? kept.length : Number(count.n);
      const list = rows.flatMap((row) => {
        const f = figures.get(Number(row.market_id));
        if (!f) return [];
        const labels = visibleMetadata(f.market).options;
        return [
          {
            market: marketSummary(f.market, visibleMetadata(f.market), f.options, head.now, params),
            position: {
              options: f.figures.options.map((o) => ({
                option: o.option,
                label: labels[o.option] ?? null,
                stake: o.stake.toString(),
                fee: o.fee.toString(),
                invested: o.invested.toString(),
                pendingPayoff: o.pendingPayoff.toString(),
              })),
              invested: f.figures.invested.toString(),
              pendingPayoff: f.figures.pendingPayoff.toString(),
              payout: f.figures.payout.toString(),
              refund: f.figures.refund.toString(),
              received: f.figures.received.toString(),
              claimed: f.figures.claimed,
              profit: f.figures.profit === null ? null : f.figures.profit.toString(),
            },
          },
        ];
      });
      const every = [...figures.values()].map((f) => f.figures);
      return {
        data: { list, total, page, pageSize },
        extra: {
          totals: {
            invested: sum(every.map((f) => f.invested)).toString(),
            received: sum(every.map((f) => f.received)).toString(),
            pendingPayoff: sum(every.map((f) => f.pendingPayoff)).toString(),
            profit: sum(every.map((f) => f.profit ?? 0n)).toString(),
          },
        },
      };
    },
  );

  registerCall(
    app,
    {
      path: "/api/user-dealt",
      cache: "private",
      summary: "An account's trades, newest first, paged (optionally in one market)",
      tags: ["user"],
      body: DealtBody,
      data: DealtData,
      extra: NoExtra,
    },
    async (body) => {
      const account = addressOf(body.account, "account");
      const marketId = body.marketId === undefined ? null : marketIdOf(body.marketId, "marketId");
      const { page, pageSize, offset } = pageOf(body);
      let q = db.selectFrom("trades").where("account", "=", account);
      if (marketId !== null) q = q.where("market_id", "=", marketId);
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy("block_number", "desc").orderBy("log_index", "desc").limit(pageSize).offset(offset).execute(),
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      const [markets, params] = await Promise.all([
        loadMarkets(ctx.db, [...new Set(rows.map((t) => Number(t.market_id)))]),
        ctx.params(),
      ]);
      const labels = new Map([...markets].map(([id, m]) => [id, visibleMetadata(m).options]));
      const list = rows.map((t) => {
        const market = markets.get(Number(t.market_id));
        return { ...tradeItem(t, labels, params.feeBps), event: market ? visibleMetadata(market).event : null };
      });
      return { data: { list, total: Number(count.n), page, pageSize }, extra: null };
    },
  );

  registerCall(
    app,
    {
      path: "/api/issued",
      cache: "private",
      summary: "Markets an account issued, newest first, paged, by status tab",
      description:
        "The issuer's own markets, including those whose metadata is held for review or rejected (their text answered as null), " +
        "so the issuer can still cancel them or recover the bond. Each with what the issuer needs to act on it (the confirmation " +
        "deadline, a challenge's response end) and what it earned: the issuer fee once final, and the seeded liquidity's figures " +
        "(one code path with /api/bought). extra: the chain's now, the account's markets per tab and its margin still frozen.",
      tags: ["user"],
      body: IssuedBody,
      data: IssuedData,
      extra: IssuedExtra,
    },
    async (body) => {
      const account = addressOf(body.account, "account");
      const { page, pageSize, offset } = pageOf(body);
      const [head, params] = await Promise.all([ctx.head(), ctx.params()]);
      const minPremium = toDbAmount(ctx.db.dialect, params.minPremium);
      const tab = body.status ?? "all";
      let mine = db.selectFrom("markets as m").where("m.issuer", "=", account);
      if (tab !== "all") mine = mine.where(tabCondition(tab, head.now, minPremium));
      const [rows, count, tabs] = await Promise.all([
        mine
          .leftJoin("market_metadata as mm", "mm.hash", "m.metadata_hash")
          .selectAll("m")
          .select([
            "mm.status as mm_status",
            "mm.event as mm_event",
            "mm.category as mm_category",
            "mm.options_json as mm_options_json",
          ])
          .orderBy("m.id", "desc")
          .limit(pageSize)
          .offset(offset)
          .execute(),
        mine.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
        db
          .selectFrom("markets as m")
          .where("m.issuer", "=", account)
          .select((eb) => [
            eb.fn.countAll<number>().as("all"),
            ...STATUS_TABS.map((t) =>
              eb.fn.sum<number>(sql<number>`case when ${tabCondition(t, head.now, minPremium)} then 1 else 0 end`).as(t),
            ),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      const ids = rows.map((r) => Number(r.id));
      const options = await loadOptions(ctx.db, ids);
      // The seeded liquidity is the issuer's position: the same figures /api/bought answers.
      const figures = await figuresOf(ctx, account, new Map(rows.map((m) => [Number(m.id), m])), options, head.now, params);
      // Margin still backing live markets (released margin is in the free balance, slashed margin gone).
      const locked = await db
        .selectFrom("markets")
        .select("margin")
        .where("issuer", "=", account)
        .where("bond_state", "=", "locked")
        .execute();
      const list = rows.map((m) => {
        const f = figures.get(Number(m.id))?.figures;
        const issuerFee = m.issuer_fee === null ? null : fromDbAmount(m.issuer_fee);
        const liquidityProfit = f?.profit ?? null;
        return {
          ...marketSummary(m, visibleMetadata(m), options.get(Number(m.id)) ?? [], head.now, params),
          licenseId: String(m.license_id),
          licenseStaked: m.license_staked === 1,
          margin: amountText(m.margin),
          capacity: amountText(m.capacity),
          bondState: m.bond_state,
          issuerFee: issuerFee === null ? null : issuerFee.toString(),
          challengeCount: m.challenge_count,
          feeTotal: amountText(m.fee_total),
          confirmationDeadline: m.expiration_time + params.confirmationPeriod,
          responseEnd: m.response_end,
          liquidityClaimable: f?.settled ? f.pendingPayoff.toString() : "0",
          liquidityProfit: liquidityProfit === null ? null : liquidityProfit.toString(),
          issuerProfit: liquidityProfit === null ? null : ((issuerFee ?? 0n) + liquidityProfit).toString(),
        };
      });
      const total = (value: number | string | null) => Number(value ?? 0);
      return {
        data: { list, total: Number(count.n), page, pageSize },
        extra: {
          now: head.now,
          totals: {
            all: total(tabs.all),
            open: total(tabs.open),
            closingSoon: total(tabs.closingSoon),
            waitingResult: total(tabs.waitingResult),
            challenging: total(tabs.challenging),
            finished: total(tabs.finished),
          },
          frozenMargin: sum(locked.map((r) => fromDbAmount(r.margin))).toString(),
        },
      };
    },
  );

  registerCall(
    app,
    {
      path: "/api/issuer/track-record",
      cache: "public",
      summary: "An issuer's track record: markets issued, how they ended, results overturned",
      tags: ["user"],
      body: AccountBody,
      data: TrackRecordData,
      extra: NoExtra,
    },
    async (body) => ({ data: await trackRecord(ctx.db, addressOf(body.account, "account")), extra: null }),
  );

  registerCall(
    app,
    {
      path: "/api/referral/rewards",
      cache: "private",
      summary: "A referrer's share of referred accounts' fees, per market",
      description:
        "claimable = what Markets.claimReferral pays now: once the market is final and until claimed, the shares of referred " +
        "buys before an early claim's cutoff (all of them otherwise); it pays everything at once, so 0 once claimed.",
      tags: ["user"],
      body: AccountPagedBody,
      data: ReferralData,
      extra: ReferralExtra,
    },
    async (body) => {
      const account = addressOf(body.account, "account");
      const { page, pageSize, offset } = pageOf(body);
      const [head, params, rows, referred] = await Promise.all([
        ctx.head(),
        ctx.params(),
        db.selectFrom("referral_earnings").selectAll().where("referrer", "=", account).orderBy("market_id", "desc").execute(),
        db
          .selectFrom("referrals")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("referrer", "=", account)
          .executeTakeFirstOrThrow(),
      ]);
      const markets = await loadMarkets(
        ctx.db,
        rows.map((r) => Number(r.market_id)),
      );
      const owed = await referralOwed(ctx, account, rows, markets, params);
      const items = rows.flatMap((r) => {
        const market = markets.get(Number(r.market_id));
        if (!market) return [];
        const state = marketState(market, head.now, params);
        const accrued = fromDbAmount(r.accrued);
        const claimed = fromDbAmount(r.claimed);
        const claimable = owed.get(Number(r.market_id)) ?? 0n;
        return [
          {
            marketId: String(r.market_id),
            event: visibleMetadata(market).event,
            state,
            label: marketLabel(state, market),
            accrued: accrued.toString(),
            claimed: claimed.toString(),
            claimable: claimable.toString(),
          },
        ];
      });
      const total = (field: "accrued" | "claimed" | "claimable") => sum(items.map((i) => BigInt(i[field]))).toString();
      return {
        data: { list: items.slice(offset, offset + pageSize), total: items.length, page, pageSize },
        extra: {
          referred: Number(referred.n),
          totals: { accrued: total("accrued"), claimed: total("claimed"), claimable: total("claimable") },
        },
      };
    },
  );

  registerCall(
    app,
    {
      path: "/api/user/snapshots",
      cache: "private",
      summary: "Daily (UTC) snapshots of an account's positions, newest first, and yesterday's profit",
      description:
        "dayProfit = realized profit at the end of that day − at the end of the previous snapshot. yesterdayProfit is that of the UTC day before the chain's today (0 when nothing changed).",
      tags: ["user"],
      body: SnapshotsBody,
      data: SnapshotsData,
      extra: SnapshotsExtra,
    },
    async (body) => {
      const account = addressOf(body.account, "account");
      const days = body.days ?? 30;
      const { now } = await ctx.head();
      const yesterday = utcDay(now - DAY);
      const since = utcDay(now - (days + 1) * DAY);
      // One row more than asked, so the oldest day's change can be computed too.
      const rows = await db
        .selectFrom("position_snapshots")
        .selectAll()
        .where("account", "=", account)
        .where("day", ">=", sql<string>`${since}`)
        .orderBy("day", "desc")
        .limit(days + 1)
        .execute();
      const older = await db
        .selectFrom("position_snapshots")
        .select(["day", "realized_profit"])
        .where("account", "=", account)
        .where("day", "<", since)
        .orderBy("day", "desc")
        .limit(1)
        .executeTakeFirst();
      const chain: Pick<Row<"position_snapshots">, "day" | "realized_profit">[] = [...rows, ...(older ? [older] : [])];
      const list = rows.slice(0, days).map((row, i) => {
        const previous = chain[i + 1];
        const realized = BigInt(row.realized_profit);
        const dayProfit = realized - (previous ? BigInt(previous.realized_profit) : 0n);
        return {
          day: row.day,
          invested: amountText(row.invested),
          received: amountText(row.received),
          realizedProfit: realized.toString(),
          dayProfit: dayProfit.toString(),
        };
      });
      const yesterdayRow = list.find((item) => item.day === yesterday);
      return { data: { list }, extra: { yesterday, yesterdayProfit: yesterdayRow?.dayProfit ?? "0", now } };
    },
  );
}

import type { FastifyInstance } from "fastify";
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from "kysely";
import type { LicenseCatalog } from "../../chain/chain";
import { amountText } from "../../db/amount";
import type { Database, Row } from "../../db/schema";
import { registerCall } from "../call";
import { fromChain, type AppContext } from "../context";
import { apiError } from "../errors";
import { addressOf, optionalAddress, pageOf, tokenIdOf } from "../inputs";
import {
  EmptyBody,
  NoExtra,
  MarketListBody,
  MarketListData,
  MarketListExtra,
  PacketsData,
  SaleData,
  TokensBody,
  TokensData,
  TransactionsBody,
  TransactionsData,
  type LicenseItemBody,
} from "@prds/api-schema";

type LicenseRow = Row<"licenses">;
type LicenseScope = ExpressionBuilder<Database, "licenses">;

const TYPE_OF = { Common: "common", Scarcity: "scarcity", Attributive: "attributive" } as const;
const DB_TYPE = { common: "Common", scarcity: "Scarcity", attributive: "Attributive" } as const;
const STATE_OF = { unsold: "unsold", on_sale: "onSale", listed_for_rent: "listedForRent", rented: "rented" } as const;

/** A License as answered. A rental past its end reads as listed for rent again, with no renter (ERC-4907 userOf). */
export function licenseItem(row: LicenseRow, now: number, account: string | null): LicenseItemBody {
  const rentalOver = row.state === "rented" && (row.user_expires ?? 0) <= now;
  const renting = row.user !== null && (row.user_expires ?? 0) > now;
  return {
    tokenId: String(row.token_id),
    type: TYPE_OF[row.license_type],
    number: row.number,
    availableTimes: row.available_times,
    properties: { tradable: row.tradable === 1, rentable: row.rentable === 1, usable: row.usable === 1 },
    owner: row.owner,
    holder: row.holder,
    escrowed: row.holder !== row.owner,
    state: rentalOver ? "listedForRent" : STATE_OF[row.state],
    user: renting ? row.user : null,
    rentEnd: renting ? row.user_expires : null,
    salePrice: row.sale_price === null ? null : amountText(row.sale_price),
    rentPricePerDay: row.rent_price_per_day === null ? null : amountText(row.rent_price_per_day),
    rentMaxDays: row.rent_max_days,
    rentMaxIssues: row.rent_max_issues,
    rentalMaxIssues: renting ? row.rental_max_issues : null,
    rentalIssuesUsed: renting ? row.rental_issues_used : null,
    marketsIssued: row.markets_issued,
    mintPrice: amountText(row.mint_price),
    mintedAt: row.minted_at,
    relation: account === null ? "none" : row.owner === account ? "owner" : renting && row.user === account ? "renter" : "none",
  };
}

function eventItem(e: Row<"license_events">) {
  return {
    txHash: e.tx_hash,
    logIndex: e.log_index,
    tokenId: String(e.token_id),
    kind: e.kind,
    from: e.from_address,
    to: e.to_address,
    price: e.price === null ? null : amountText(e.price),
    time: e.time,
    blockNumber: e.block_number,
  };
}

function packets(catalog: LicenseCatalog) {
  return catalog.packets.map((p) => ({
    packetId: p.packetId,
    counts: { common: p.counts[0], scarcity: p.counts[1], attributive: p.counts[2] },
    size: p.counts[0] + p.counts[1] + p.counts[2],
    price: p.price.toString(),
  }));
}

export function registerLicenses(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;
  const catalog = () => fromChain(ctx.log, () => ctx.chain.licenseCatalog());
  const payToken = async () => (await fromChain(ctx.log, () => ctx.chain.tokens())).payToken;

  registerCall(
    app,
    {
      path: "/api/ticket/tokens",
      cache: "private",
      summary: "A wallet's Licenses: owned (escrowed listings included) and rented to it",
      tags: ["licenses"],
      body: TokensBody,
      data: TokensData,
      extra: NoExtra,
    },
    async (body) => {
      const account = addressOf(body.account, "account");
      const { page, pageSize, offset } = pageOf(body);
      const { now } = await ctx.head();
      const relation = body.relation ?? "all";
      const mine = (eb: LicenseScope): Expression<SqlBool> => {
        const owned = eb("owner", "=", account);
        const rented = eb.and([eb("user", "=", account), eb("user_expires", ">", now)]);
        return relation === "owned" ? owned : relation === "rented" ? rented : eb.or([owned, rented]);
      };
      const [rows, count] = await Promise.all([
        db.selectFrom("licenses").selectAll().where(mine).orderBy("token_id").limit(pageSize).offset(offset).execute(),
        db
          .selectFrom("licenses")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where(mine)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        data: { list: rows.map((r) => licenseItem(r, now, account)), total: Number(count.n), page, pageSize },
        extra: null,
      };
    },
  );

  registerCall(
    app,
    {
      path: "/api/ticket-sale/sale",
      cache: "public",
      summary: "Primary sale catalogue: each type's price, minted and max supply, properties; packets",
      tags: ["licenses"],
      body: EmptyBody,
      data: SaleData,
      extra: NoExtra,
    },
    async () => {
      const [cat, pay, minted] = await Promise.all([
        catalog(),
        payToken(),
        db
          .selectFrom("licenses")
          .select(["license_type", (eb) => eb.fn.countAll<number>().as("n")])
          .groupBy("license_type")
          .execute(),
      ]);
      const mintedOf = new Map(minted.map((m) => [m.license_type, Number(m.n)]));
      return {
        data: {
          issuesPerLicense: cat.issuesPerLicense,
          payToken: pay,
          types: cat.types.map((t) => {
            const count = mintedOf.get(t.licenseType) ?? 0;
            return {
              type: TYPE_OF[t.licenseType],
              price: t.price.toString(),
              minted: count,
              maxSupply: t.maxSupply,
              remaining: t.maxSupply === 0 ? null : Math.max(0, t.maxSupply - count),
              properties: { tradable: t.tradable, rentable: t.rentable, usable: t.usable },
            };
          }),
          packets: packets(cat),
        },
        extra: null,
      };
    },
  );

  registerCall(
    app,
    {
      path: "/api/ticket-market/packets",
      cache: "public",
      summary: "License packets: counts per type and price",
      tags: ["licenses"],
      body: EmptyBody,
      data: PacketsData,
      extra: NoExtra,
    },
    async () => {
      const [cat, pay] = await Promise.all([catalog(), payToken()]);
      return { data: { payToken: pay, list: packets(cat) }, extra: null };
    },
  );

  registerCall(
    app,
    {
      path: "/api/ticket-market/detail",
      cache: "public",
      summary: "Secondary market: Licenses on sale or for rent, paged; or one token's detail by tokenId",
      description:
        "With tokenId the list holds that one License (whatever its state) and extra.history its recent events; 404 if it does not exist.",
      tags: ["licenses"],
      body: MarketListBody,
      data: MarketListData,
      extra: MarketListExtra,
    },
    async (body) => {
      const { page, pageSize, offset } = pageOf(body);
      const { now } = await ctx.head();
      if (body.tokenId !== undefined) {
        const tokenId = tokenIdOf(body.tokenId);
        const [row, history] = await Promise.all([
          db.selectFrom("licenses").selectAll().where("token_id", "=", tokenId).executeTakeFirst(),
          db
            .selectFrom("license_events")
            .selectAll()
            .where("token_id", "=", tokenId)
            .orderBy("block_number", "desc")
            .orderBy("log_index", "desc")
            .limit(50)
            .execute(),
        ]);
        if (!row) throw apiError("licenseNotFound", { field: "tokenId" });
        return {
          data: { list: [licenseItem(row, now, null)], total: 1, page: 1, pageSize },
          extra: { history: history.map(eventItem) },
        };
      }
      const kind = body.kind ?? "all";
      const type = body.type && body.type !== "all" ? DB_TYPE[body.type] : null;
      const listed = (eb: LicenseScope): Expression<SqlBool> => {
        const forSale = eb("state", "=", "on_sale");
        // A rental that has run out is available to rent again.
        const forRent = eb.or([
          eb("state", "=", "listed_for_rent"),
          eb.and([eb("state", "=", "rented"), eb("user_expires", "<=", now)]),
        ]);
        const byKind = kind === "sale" ? forSale : kind === "rent" ? forRent : eb.or([forSale, forRent]);
        return type ? eb.and([byKind, eb("license_type", "=", type)]) : byKind;
      };
      let q = db.selectFrom("licenses").selectAll().where(listed);
      const sort = body.sort ?? "newest";
      if (sort === "newest") q = q.orderBy("updated_block", "desc").orderBy("token_id", "desc");
      else if (sort === "availableTimesAsc" || sort === "availableTimesDesc") {
        q = q.orderBy("available_times", sort === "availableTimesAsc" ? "asc" : "desc").orderBy("token_id");
      } else {
        // A listing is either for sale or for rent, so across both its one price is whichever it has.
        const price =
          kind === "sale"
            ? sql<string>`sale_price`
            : kind === "rent"
              ? sql<string>`rent_price_per_day`
              : sql<string>`coalesce(sale_price, rent_price_per_day)`;
        q = q.orderBy(price, sort === "priceAsc" ? "asc" : "desc").orderBy("token_id");
      }
      const [rows, count] = await Promise.all([
        q.limit(pageSize).offset(offset).execute(),
        db
          .selectFrom("licenses")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where(listed)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        data: { list: rows.map((r) => licenseItem(r, now, null)), total: Number(count.n), page, pageSize },
        extra: { history: [] },
      };
    },
  );

  registerCall(
    app,
    {
      path: "/api/ticket/transactions",
      cache: "private",
      summary: "License events of an account (as sender or receiver) or of one token, newest first",
      tags: ["licenses"],
      body: TransactionsBody,
      data: TransactionsData,
      extra: NoExtra,
    },
    async (body) => {
      const account = optionalAddress(body.account, "account");
      const tokenId = body.tokenId === undefined ? null : tokenIdOf(body.tokenId);
      if (account === null && tokenId === null) throw apiError("accountOrTokenRequired", { field: "account" });
      const { page, pageSize, offset } = pageOf(body);
      const filter = (eb: ExpressionBuilder<Database, "license_events">): Expression<SqlBool> => {
        const parts: Expression<SqlBool>[] = [];
        if (account !== null) parts.push(eb.or([eb("from_address", "=", account), eb("to_address", "=", account)]));
        if (tokenId !== null) parts.push(eb("token_id", "=", tokenId));
        return eb.and(parts);
      };
      const [rows, count] = await Promise.all([
        db
          .selectFrom("license_events")
          .selectAll()
          .where(filter)
          .orderBy("block_number", "desc")
          .orderBy("log_index", "desc")
          .limit(pageSize)
          .offset(offset)
          .execute(),
        db
          .selectFrom("license_events")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where(filter)
          .executeTakeFirstOrThrow(),
      ]);
      return { data: { list: rows.map(eventItem), total: Number(count.n), page, pageSize }, extra: null };
    },
  );
}

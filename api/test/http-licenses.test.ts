import { Contract } from "ethers";
import { abis } from "@prds/contracts";
import type { Db } from "../src/db/connect";
import type { NewRow } from "../src/db/schema";
import { ERRORS } from "../src/http/errors";
import { startHttpHarness, type HttpHarness } from "./helpers/http";
import { address, amount, DAY, setHead, txHash, u } from "./helpers/httpRows";

/**
 * The License calls: /api/ticket/tokens, /api/ticket-sale/sale and /api/ticket-market/packets (the
 * deployed catalogue on the devnet), /api/ticket-market/detail, /api/ticket/transactions.
 */
const NOW = 1_800_000_000;
const OWNER = address(0xa1);
const RENTER = address(0xb2);
const MARKETPLACE = address(0xeeee);
let h: HttpHarness;

interface Paged<T> {
  list: T[];
  total: number;
}
interface License {
  tokenId: string;
  type: string;
  state: string;
  owner: string;
  escrowed: boolean;
  user: string | null;
  rentEnd: number | null;
  relation: string;
  salePrice: string | null;
  rentPricePerDay: string | null;
  availableTimes: number;
  properties: Record<string, boolean>;
}

function license(db: Db, patch: Partial<NewRow<"licenses">> & { token_id: number }): NewRow<"licenses"> {
  return {
    owner: OWNER,
    holder: OWNER,
    license_type: "Common",
    number: patch.token_id,
    available_times: 10,
    tradable: 1,
    rentable: 1,
    usable: 1,
    mint_price: amount(db, u(100)),
    minted_at: NOW - 10 * DAY,
    state: "unsold",
    sale_price: null,
    rent_price_per_day: null,
    rent_max_days: null,
    rent_max_issues: null,
    user: null,
    user_expires: null,
    rental_max_issues: null,
    rental_issues_used: null,
    markets_issued: 0,
    updated_block: 10 + patch.token_id,
    ...patch,
  };
}

beforeAll(async () => {
  h = await startHttpHarness("licenses");
  const db = h.db;
  await setHead(db, NOW);
  const a = (n: number) => amount(db, u(n));
  await db.kysely
    .insertInto("licenses")
    .values([
      license(db, { token_id: 1 }),
      license(db, {
        token_id: 2,
        license_type: "Scarcity",
        holder: MARKETPLACE,
        state: "on_sale",
        sale_price: a(800),
        mint_price: a(500),
        available_times: 10,
      }),
      license(db, {
        token_id: 3,
        holder: MARKETPLACE,
        state: "listed_for_rent",
        rent_price_per_day: a(5),
        rent_max_days: 30,
        rent_max_issues: 3,
        available_times: 4,
      }),
      license(db, {
        token_id: 4,
        license_type: "Attributive",
        holder: MARKETPLACE,
        state: "rented",
        rent_price_per_day: a(9),
        rent_max_days: 30,
        rent_max_issues: 2,
        user: RENTER,
        user_expires: NOW + 5 * DAY,
        rental_max_issues: 2,
        rental_issues_used: 1,
      }),
      // A rental that has run out: listed for rent again, no renter.
      license(db, {
        token_id: 5,
        holder: MARKETPLACE,
        state: "rented",
        rent_price_per_day: a(2),
        user: RENTER,
        user_expires: NOW - DAY,
        available_times: 9,
      }),
      license(db, { token_id: 6, owner: RENTER, holder: RENTER, state: "on_sale", sale_price: a(150), available_times: 7 }),
    ])
    .execute();
  await db.kysely
    .insertInto("license_events")
    .values([
      {
        tx_hash: txHash("mint 2"),
        log_index: 0,
        token_id: 2,
        kind: "minted",
        from_address: null,
        to_address: OWNER,
        price: a(500),
        time: NOW - 10 * DAY,
        block_number: 10,
      },
      {
        tx_hash: txHash("list 2"),
        log_index: 0,
        token_id: 2,
        kind: "listed_for_sale",
        from_address: OWNER,
        to_address: MARKETPLACE,
        price: a(800),
        time: NOW - DAY,
        block_number: 20,
      },
      {
        tx_hash: txHash("rent 4"),
        log_index: 1,
        token_id: 4,
        kind: "rented",
        from_address: OWNER,
        to_address: RENTER,
        price: a(45),
        time: NOW - DAY,
        block_number: 21,
      },
    ])
    .execute();
});
afterAll(async () => h?.close());

describe("/api/ticket/tokens", () => {
  test("owned (escrowed listings included) and rented to me, with type, numbers, properties, rent end and state", async () => {
    const mine = await h.post<Paged<License>>("/api/ticket/tokens", { account: OWNER });
    expect(mine.body.code).toBe(0);
    expect(mine.body.data.list.map((l) => [l.tokenId, l.state, l.escrowed, l.relation])).toEqual([
      ["1", "unsold", false, "owner"],
      ["2", "onSale", true, "owner"],
      ["3", "listedForRent", true, "owner"],
      ["4", "rented", true, "owner"],
      ["5", "listedForRent", true, "owner"],
    ]);
    expect(mine.body.data.list[1]).toMatchObject({
      type: "scarcity",
      salePrice: u(800).toString(),
      properties: { tradable: true, rentable: true, usable: true },
    });
    expect(mine.body.data.list[3]).toMatchObject({
      type: "attributive",
      user: RENTER,
      rentEnd: NOW + 5 * DAY,
      rentPricePerDay: u(9).toString(),
    });
    expect(mine.body.data.list[4]).toMatchObject({ user: null, rentEnd: null });

    const renter = await h.post<Paged<License>>("/api/ticket/tokens", { account: RENTER });
    expect(renter.body.data.list.map((l) => [l.tokenId, l.relation])).toEqual([
      ["4", "renter"],
      ["6", "owner"],
    ]);
    const rentedOnly = await h.post<Paged<License>>("/api/ticket/tokens", { account: RENTER, relation: "rented" });
    expect(rentedOnly.body.data.list.map((l) => l.tokenId)).toEqual(["4"]);
    const paged = await h.post<Paged<License>>("/api/ticket/tokens", { account: OWNER, pageSize: 2, page: 3 });
    expect([paged.body.data.total, paged.body.data.list.map((l) => l.tokenId)]).toEqual([5, ["5"]]);
  });
});

describe("primary sale", () => {
  test("/api/ticket-sale/sale: the deployed types with price, minted / max supply, properties; packets", async () => {
    const contract = new Contract(h.devnet.protocol.addresses.License ?? "", abis.License, h.devnet.provider);
    const common = await contract.getFunction("typeConfig")(0);
    const r = await h.post<{ issuesPerLicense: number; types: Record<string, unknown>[]; packets: unknown[]; payToken: string }>(
      "/api/ticket-sale/sale",
      {},
    );
    expect(r.body.code).toBe(0);
    expect(r.body.data.issuesPerLicense).toBe(10);
    expect(r.body.data.payToken).toBe(h.devnet.protocol.addresses.DevUSDT?.toLowerCase());
    expect(r.body.data.types).toEqual([
      {
        type: "common",
        price: String(common.price),
        minted: 4,
        maxSupply: Number(common.maxSupply),
        remaining: Number(common.maxSupply) - 4,
        properties: { tradable: true, rentable: true, usable: true },
      },
      expect.objectContaining({ type: "scarcity", price: u(500).toString(), minted: 1, maxSupply: 1_000 }),
      expect.objectContaining({ type: "attributive", price: u(1000).toString(), minted: 1, maxSupply: 100 }),
    ]);
    expect(r.body.data.packets).toHaveLength(3);
  });

  test("/api/ticket-market/packets: counts per type and price", async () => {
    const r = await h.post<{ list: unknown[] }>("/api/ticket-market/packets", {});
    expect(r.body.data.list).toEqual([
      { packetId: 0, counts: { common: 5, scarcity: 0, attributive: 0 }, size: 5, price: u(450).toString() },
      { packetId: 1, counts: { common: 3, scarcity: 1, attributive: 0 }, size: 4, price: u(700).toString() },
      { packetId: 2, counts: { common: 2, scarcity: 1, attributive: 1 }, size: 4, price: u(1500).toString() },
    ]);
  });
});

describe("/api/ticket-market/detail", () => {
  const ids = (r: { body: { data: Paged<License> } }) => r.body.data.list.map((l) => l.tokenId);

  test("Licenses on sale and for rent, by kind, type and price", async () => {
    expect(ids(await h.post<Paged<License>>("/api/ticket-market/detail", {}))).toEqual(["6", "5", "3", "2"]);
    expect(ids(await h.post<Paged<License>>("/api/ticket-market/detail", { kind: "sale", sort: "priceAsc" }))).toEqual([
      "6",
      "2",
    ]);
    expect(ids(await h.post<Paged<License>>("/api/ticket-market/detail", { kind: "sale", sort: "priceDesc" }))).toEqual([
      "2",
      "6",
    ]);
    expect(ids(await h.post<Paged<License>>("/api/ticket-market/detail", { kind: "rent", sort: "priceAsc" }))).toEqual([
      "5",
      "3",
    ]);
    expect(ids(await h.post<Paged<License>>("/api/ticket-market/detail", { type: "scarcity" }))).toEqual(["2"]);
  });

  test("by price across sale and rent (each listing's own price), and by availableTimes", async () => {
    const list = async (body: object) => ids(await h.post<Paged<License>>("/api/ticket-market/detail", body));
    // 5 rents at 2 a day, 3 at 5 a day, 6 sells at 150, 2 at 800.
    expect(await list({ sort: "priceAsc" })).toEqual(["5", "3", "6", "2"]);
    expect(await list({ sort: "priceDesc" })).toEqual(["2", "6", "3", "5"]);
    // availableTimes: 3 → 4, 6 → 7, 5 → 9, 2 → 10.
    expect(await list({ sort: "availableTimesAsc" })).toEqual(["3", "6", "5", "2"]);
    expect(await list({ sort: "availableTimesDesc" })).toEqual(["2", "5", "6", "3"]);
    expect(await list({ kind: "rent", sort: "availableTimesDesc" })).toEqual(["5", "3"]);
    expect(await list({ kind: "sale", type: "common", sort: "availableTimesAsc" })).toEqual(["6"]);
    const paged = await h.post<Paged<License>>("/api/ticket-market/detail", { sort: "availableTimesAsc", pageSize: 3, page: 2 });
    expect([paged.body.data.total, ids(paged)]).toEqual([4, ["2"]]);
    const unknown = await h.post("/api/ticket-market/detail", { sort: "cheapest" });
    expect(unknown.status).toBe(400);
  });

  test("one token's detail and history by tokenId, whatever its state", async () => {
    const r = await h.post<Paged<License>, { history: { kind: string; txHash: string }[] }>("/api/ticket-market/detail", {
      tokenId: "4",
    });
    expect(r.body.data.list).toHaveLength(1);
    expect(r.body.data.list[0]).toMatchObject({ tokenId: "4", state: "rented", user: RENTER });
    expect(r.body.extra.history.map((e) => e.kind)).toEqual(["rented"]);
    const missing = await h.post("/api/ticket-market/detail", { tokenId: 404 });
    expect([missing.status, missing.body.code]).toEqual([404, ERRORS.licenseNotFound.code]);
  });
});

describe("/api/ticket/transactions", () => {
  test("by account (sender or receiver) or by token, newest first", async () => {
    const byAccount = await h.post<Paged<{ txHash: string; kind: string; price: string | null }>>("/api/ticket/transactions", {
      account: RENTER,
    });
    expect(byAccount.body.data.list.map((e) => [e.kind, e.price])).toEqual([["rented", u(45).toString()]]);
    const byOwner = await h.post<Paged<{ kind: string }>>("/api/ticket/transactions", { account: OWNER });
    expect(byOwner.body.data.list.map((e) => e.kind)).toEqual(["rented", "listed_for_sale", "minted"]);
    const byToken = await h.post<Paged<{ kind: string }>>("/api/ticket/transactions", { tokenId: 2, pageSize: 1 });
    expect([byToken.body.data.total, byToken.body.data.list.map((e) => e.kind)]).toEqual([2, ["listed_for_sale"]]);
    const both = await h.post<Paged<{ kind: string }>>("/api/ticket/transactions", { account: RENTER, tokenId: 2 });
    expect(both.body.data.total).toBe(0);
  });

  test("neither account nor token → 400 accountOrTokenRequired", async () => {
    const r = await h.post("/api/ticket/transactions", {});
    expect([r.status, r.body.code]).toEqual([400, ERRORS.accountOrTokenRequired.code]);
  });
});

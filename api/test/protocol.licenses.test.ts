import { LicenseType } from "@prds/contracts/actions";
import { WATCHED_CONTRACTS } from "../src/indexer/decode";
import { DAY, startStack, u, type LicenseOnChain, type Stack, type Tx } from "./helpers/protocol";

/**
 * Licenses against the real devnet and contracts, with the indexer and the server in-process: primary
 * sales (one License, a packet), the marketplace (list, cancel, relist, buy), rent listings (rent,
 * issue as the renter, the rental running out, cancel) — and after each step, every License call's
 * answer compared with the contracts' views (License.info, ownerOf, userOf, userExpires,
 * marketplace.stateOf / realOwnerOf / saleListing / rentListing, typeConfig, packet).
 */

jest.setTimeout(120_000);

interface LicenseItem {
  tokenId: string;
  type: "common" | "scarcity" | "attributive";
  number: number;
  availableTimes: number;
  properties: { tradable: boolean; rentable: boolean; usable: boolean };
  owner: string;
  holder: string;
  escrowed: boolean;
  state: "unsold" | "onSale" | "listedForRent" | "rented";
  user: string | null;
  rentEnd: number | null;
  salePrice: string | null;
  rentPricePerDay: string | null;
  rentMaxDays: number | null;
  rentMaxIssues: number | null;
  rentalMaxIssues: number | null;
  rentalIssuesUsed: number | null;
  marketsIssued: number;
  mintPrice: string;
  mintedAt: number;
  relation: "owner" | "renter" | "none";
}
interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
interface LicenseEvent {
  txHash: string;
  logIndex: number;
  tokenId: string;
  kind: string;
  from: string | null;
  to: string | null;
  price: string | null;
  time: number;
  blockNumber: number;
}

const STATE = { Unsold: "unsold", OnSale: "onSale", ListedForRent: "listedForRent", Rented: "rented" } as const;
const TYPE = { Common: "common", Scarcity: "scarcity", Attributive: "attributive" } as const;

/** The fields of an answered License that the contracts decide. */
function fromChain(c: LicenseOnChain) {
  return {
    tokenId: c.tokenId.toString(),
    type: TYPE[c.licenseType],
    number: c.number,
    availableTimes: c.availableTimes,
    properties: { tradable: c.tradable, rentable: c.rentable, usable: c.usable },
    owner: c.owner,
    holder: c.holder,
    escrowed: c.holder !== c.owner,
    state: STATE[c.state],
    user: c.user,
    rentEnd: c.user ? c.userExpires : null,
    salePrice: c.salePrice === null ? null : c.salePrice.toString(),
    rentPricePerDay: c.rent === null ? null : c.rent.pricePerDay.toString(),
    rentMaxDays: c.rent === null ? null : c.rent.maxDays,
    rentMaxIssues: c.rent === null ? null : c.rent.maxIssues,
  };
}
function answered(item: LicenseItem) {
  return {
    tokenId: item.tokenId,
    type: item.type,
    number: item.number,
    availableTimes: item.availableTimes,
    properties: item.properties,
    owner: item.owner,
    holder: item.holder,
    escrowed: item.escrowed,
    state: item.state,
    user: item.user,
    rentEnd: item.rentEnd,
    salePrice: item.salePrice,
    rentPricePerDay: item.rentPricePerDay,
    rentMaxDays: item.rentMaxDays,
    rentMaxIssues: item.rentMaxIssues,
  };
}

describe("Licenses on the devnet, through the api", () => {
  let s: Stack;
  const ids: Record<string, bigint> = {};
  const id = (key: string): bigint => {
    const value = ids[key];
    if (value === undefined) throw new Error(`no License ${key}`);
    return value;
  };

  beforeAll(async () => {
    s = await startStack("protocol_licenses");
  }, 90_000);
  afterAll(async () => {
    await s?.close();
  });

  /** Every License of `account` (ticket/tokens) compared one by one with the contracts. */
  const expectTokensMatchChain = async (
    account: string,
    relation: "all" | "owned" | "rented" = "all",
  ): Promise<LicenseItem[]> => {
    const data = await s.api.ok<Paged<LicenseItem>>("/api/ticket/tokens", { account, relation, pageSize: 100 });
    expect(data.total).toBe(data.list.length);
    for (const item of data.list) expect(answered(item)).toEqual(fromChain(await s.driver.license(BigInt(item.tokenId))));
    return data.list;
  };
  const tokenDetail = async (tokenId: bigint): Promise<{ item: LicenseItem; history: LicenseEvent[] }> => {
    const answer = await s.api.post<Paged<LicenseItem>>("/api/ticket-market/detail", { tokenId: tokenId.toString() });
    expect(answer.status).toBe(200);
    const item = answer.body.data.list[0];
    if (!item) throw new Error(`no detail for License ${tokenId}`);
    return { item, history: (answer.body.extra as { history: LicenseEvent[] }).history };
  };
  /** The watched-contract events a transaction logged (what get-trans-status's eventCount counts). */
  const watchedLogs = async (tx: Tx): Promise<number> => {
    const receipt = await s.devnet.provider.getTransactionReceipt(tx.hash);
    const watched = new Set(WATCHED_CONTRACTS.map((name) => s.devnet.protocol.addresses[name]?.toLowerCase()));
    return (receipt?.logs ?? []).filter((log) => watched.has(log.address.toLowerCase())).length;
  };

  test("primary sale catalogue and packets are the contracts' (ticket-sale/sale, ticket-market/packets)", async () => {
    const { license } = s.devnet.protocol;
    const sale = await s.api.ok<{
      issuesPerLicense: number;
      payToken: string;
      types: {
        type: string;
        price: string;
        minted: number;
        maxSupply: number;
        remaining: number | null;
        properties: Record<string, boolean>;
      }[];
      packets: {
        packetId: number;
        counts: { common: number; scarcity: number; attributive: number };
        size: number;
        price: string;
      }[];
    }>("/api/ticket-sale/sale", {});
    expect(sale.issuesPerLicense).toBe(Number(await license.getFunction("issuesPerLicense")()));
    expect(sale.payToken).toBe(s.devnet.protocol.addresses.DevUSDT?.toLowerCase());
    for (const [index, name] of (["common", "scarcity", "attributive"] as const).entries()) {
      const t = await license.getFunction("typeConfig")(index);
      const item = sale.types.find((x) => x.type === name);
      expect(item).toEqual({
        type: name,
        price: BigInt(t.price).toString(),
        minted: 0,
        maxSupply: Number(t.maxSupply),
        remaining: Number(t.maxSupply),
        properties: { tradable: Boolean(t.tradable), rentable: Boolean(t.rentable), usable: Boolean(t.usable) },
      });
    }
    const packetCount = Number(await license.getFunction("packetCount")());
    const expected = [];
    for (let packetId = 0; packetId < packetCount; packetId++) {
      const p = await license.getFunction("packet")(packetId);
      const counts = { common: Number(p.counts[0]), scarcity: Number(p.counts[1]), attributive: Number(p.counts[2]) };
      expected.push({
        packetId,
        counts,
        size: counts.common + counts.scarcity + counts.attributive,
        price: BigInt(p.price).toString(),
      });
    }
    expect(sale.packets).toEqual(expected);
    const packets = await s.api.ok<{ payToken: string; list: unknown[] }>("/api/ticket-market/packets", {});
    expect(packets).toEqual({ payToken: sale.payToken, list: expected });
  });

  test("buying one License and a packet: ticket/tokens, get-trans-status and the sale counters follow", async () => {
    const { driver } = s;
    const packet = await driver.buyPacket(driver.erin, 1); // 3 common + 1 scarcity
    packet.tokenIds.forEach((tokenId, i) => (ids[`erin${i + 1}`] = tokenId));
    ids.b0 = (await driver.buyLicense(driver.buyer(0), LicenseType.Common)).tokenId;
    const single = await driver.buyLicense(driver.dave, LicenseType.Attributive);
    ids.dave = single.tokenId;
    await s.settle();

    const status = await s.api.ok<{
      status: string;
      indexed: boolean;
      success: boolean | null;
      blockNumber: number | null;
      eventCount: number;
    }>("/api/get-trans-status", { hash: packet.tx.hash });
    expect(status).toEqual({
      hash: packet.tx.hash,
      status: "indexed",
      indexed: true,
      success: true,
      blockNumber: packet.tx.blockNumber,
      eventCount: await watchedLogs(packet.tx),
    });

    const erins = await expectTokensMatchChain(driver.addr(driver.erin));
    expect(erins.map((l) => l.tokenId)).toEqual(packet.tokenIds.map(String));
    expect(erins.map((l) => l.type)).toEqual(["common", "common", "common", "scarcity"]);
    expect(erins.every((l) => l.relation === "owner" && l.state === "unsold" && l.availableTimes === 10)).toBe(true);
    // The packet price is spread over its Licenses; together they cost the packet.
    expect(erins.reduce((total, l) => total + BigInt(l.mintPrice), 0n)).toBe(packet.price);
    const daves = await expectTokensMatchChain(driver.addr(driver.dave));
    expect(daves.map((l) => [l.tokenId, l.type, l.mintPrice])).toEqual([
      [
        single.tokenId.toString(),
        "attributive",
        (await s.devnet.protocol.license.getFunction("typePrice")(LicenseType.Attributive)).toString(),
      ],
    ]);
    const block = await s.devnet.provider.getBlock(single.tx.blockNumber);
    expect(daves[0]?.mintedAt).toBe(block?.timestamp);

    const sale = await s.api.ok<{ types: { type: string; minted: number; remaining: number | null; maxSupply: number }[] }>(
      "/api/ticket-sale/sale",
      {},
    );
    for (const [index, name] of (["common", "scarcity", "attributive"] as const).entries()) {
      const minted = Number(await s.devnet.protocol.license.getFunction("mintedOfType")(index));
      const item = sale.types.find((t) => t.type === name);
      expect({ name, minted: item?.minted, remaining: item?.remaining }).toEqual({
        name,
        minted,
        remaining: (item?.maxSupply ?? 0) - minted,
      });
    }
    // An account with no Licenses: an empty page, not an error.
    expect(await s.api.ok<Paged<LicenseItem>>("/api/ticket/tokens", { account: driver.addr(driver.voter(2)) })).toEqual({
      list: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
  });

  test("sale listing, cancel, relist at another price, bought by another account", async () => {
    const { driver } = s;
    const erin = driver.addr(driver.erin);
    const b1 = driver.addr(driver.buyer(1));
    await driver.listForSale(driver.erin, id("erin1"), u(120));
    await driver.listForSale(driver.erin, id("erin2"), u(80));
    await driver.listForSale(driver.erin, id("erin3"), u(200));
    await s.settle();
    const listed = await tokenDetail(id("erin1"));
    expect(answered(listed.item)).toEqual(fromChain(await driver.license(id("erin1"))));
    expect(listed.item).toMatchObject({ state: "onSale", owner: erin, escrowed: true, salePrice: u(120).toString() });
    // Still the seller's while in escrow.
    expect((await expectTokensMatchChain(erin)).find((l) => l.tokenId === id("erin1").toString())?.relation).toBe("owner");

    const forSale = async (sort: string): Promise<string[]> =>
      (await s.api.ok<Paged<LicenseItem>>("/api/ticket-market/detail", { kind: "sale", sort })).list.map((l) => l.tokenId);
    expect(await forSale("priceAsc")).toEqual([id("erin2"), id("erin1"), id("erin3")].map(String));
    expect(await forSale("priceDesc")).toEqual([id("erin3"), id("erin1"), id("erin2")].map(String));
    const commons = await s.api.ok<Paged<LicenseItem>>("/api/ticket-market/detail", { kind: "sale", type: "scarcity" });
    expect(commons.total).toBe(0);

    await driver.cancelSale(driver.erin, id("erin1"));
    await s.settle();
    expect(answered((await tokenDetail(id("erin1"))).item)).toEqual(fromChain(await driver.license(id("erin1"))));
    expect((await tokenDetail(id("erin1"))).item.state).toBe("unsold");
    expect(await forSale("priceAsc")).toEqual([id("erin2"), id("erin3")].map(String));

    await driver.listForSale(driver.erin, id("erin1"), u(150));
    const bought = await driver.buyListed(driver.buyer(1), id("erin1"));
    expect(bought.price).toBe(u(150));
    await s.settle();
    const after = await tokenDetail(id("erin1"));
    expect(answered(after.item)).toEqual(fromChain(await driver.license(id("erin1"))));
    expect(after.item).toMatchObject({ owner: b1, holder: b1, state: "unsold", salePrice: null });
    expect((await expectTokensMatchChain(b1)).map((l) => l.tokenId)).toEqual([id("erin1").toString()]);
    expect((await expectTokensMatchChain(erin)).map((l) => l.tokenId)).not.toContain(id("erin1").toString());

    // The token's history, oldest first, as the contracts emitted it (transfers aside).
    const transactions = await s.api.ok<Paged<LicenseEvent>>("/api/ticket/transactions", {
      tokenId: id("erin1").toString(),
      pageSize: 100,
    });
    const kinds = transactions.list
      .filter((e) => e.kind !== "transfer")
      .map((e) => e.kind)
      .reverse();
    expect(kinds).toEqual(["minted", "listed_for_sale", "sale_cancelled", "listed_for_sale", "sold"]);
    const sold = transactions.list.find((e) => e.kind === "sold");
    expect(sold).toMatchObject({
      txHash: bought.tx.hash,
      from: erin,
      to: b1,
      price: u(150).toString(),
      blockNumber: bought.tx.blockNumber,
    });
    expect(after.history.map((e) => e.txHash)).toEqual(transactions.list.map((e) => e.txHash));
    // By account: the buyer sees the sale.
    const b1Events = await s.api.ok<Paged<LicenseEvent>>("/api/ticket/transactions", { account: b1 });
    expect(b1Events.list.some((e) => e.kind === "sold" && e.txHash === bought.tx.hash)).toBe(true);
  });

  test("rent listing, rented, the renter issues a market, the rental runs out, the listing is cancelled", async () => {
    const { driver } = s;
    const erin = driver.addr(driver.erin);
    const carol = driver.addr(driver.carol);
    const scarcity = id("erin4");
    await driver.listForRent(driver.erin, scarcity, u(15), 30, 3);
    await s.settle();
    const forRent = await s.api.ok<Paged<LicenseItem>>("/api/ticket-market/detail", { kind: "rent" });
    expect(forRent.list.map((l) => l.tokenId)).toEqual([scarcity.toString()]);
    expect(answered(forRent.list[0] as LicenseItem)).toEqual(fromChain(await driver.license(scarcity)));
    expect(forRent.list[0]).toMatchObject({
      state: "listedForRent",
      rentPricePerDay: u(15).toString(),
      rentMaxDays: 30,
      rentMaxIssues: 3,
    });

    const rental = await driver.rent(driver.carol, scarcity, 10);
    expect(rental.cost).toBe(u(150));
    await s.settle();
    const rented = (await tokenDetail(scarcity)).item;
    expect(answered(rented)).toEqual(fromChain(await driver.license(scarcity)));
    expect(rented).toMatchObject({
      state: "rented",
      user: carol,
      rentEnd: rental.expires,
      rentalMaxIssues: 3,
      rentalIssuesUsed: 0,
    });
    const carols = await expectTokensMatchChain(carol, "rented");
    expect(carols.map((l) => [l.tokenId, l.relation])).toEqual([[scarcity.toString(), "renter"]]);
    expect((await expectTokensMatchChain(erin, "owned")).find((l) => l.tokenId === scarcity.toString())?.relation).toBe("owner");
    expect((await s.api.ok<Paged<LicenseItem>>("/api/ticket-market/detail", { kind: "rent" })).total).toBe(0);

    // The renter issues with it (within the rental), using one of its allowed issues.
    const now = await driver.now();
    const market = await driver.issue(driver.carol, {
      licenseId: scarcity,
      metadata: {
        event: "Will the rented License issue this market before its rental ends?",
        category: "other",
        options: ["Yes", "No"],
      },
      lastTradingTime: now + 3 * DAY,
      expirationTime: now + 5 * DAY,
    });
    await s.settle();
    const used = (await tokenDetail(scarcity)).item;
    expect(answered(used)).toEqual(fromChain(await driver.license(scarcity)));
    expect(used).toMatchObject({ availableTimes: 9, rentalIssuesUsed: 1, marketsIssued: 1 });
    const issued = await s.api.ok<Paged<{ id: string; licenseId: string; issuer: string }>>("/api/issued", { account: carol });
    expect(issued.list.map((m) => [m.id, m.licenseId, m.issuer])).toEqual([[market.id.toString(), scarcity.toString(), carol]]);
    const history = await s.api.ok<Paged<LicenseEvent>>("/api/ticket/transactions", {
      tokenId: scarcity.toString(),
      pageSize: 100,
    });
    expect(
      history.list
        .filter((e) => e.kind !== "transfer")
        .map((e) => e.kind)
        .reverse(),
    ).toEqual(["minted", "listed_for_rent", "rented", "used"]);

    // Past the rental's end the chain reads 'listed for rent' again with no user; so does the api.
    await driver.increaseTime(11 * DAY);
    await s.settle();
    const over = (await tokenDetail(scarcity)).item;
    expect(answered(over)).toEqual(fromChain(await driver.license(scarcity)));
    expect(over).toMatchObject({ state: "listedForRent", user: null, rentEnd: null });
    expect((await s.api.ok<Paged<LicenseItem>>("/api/ticket/tokens", { account: carol, relation: "rented" })).total).toBe(0);
    expect(
      (await s.api.ok<Paged<LicenseItem>>("/api/ticket-market/detail", { kind: "rent" })).list.map((l) => l.tokenId),
    ).toEqual([scarcity.toString()]);

    await driver.cancelRentListing(driver.erin, scarcity);
    await s.settle();
    const back = (await tokenDetail(scarcity)).item;
    expect(answered(back)).toEqual(fromChain(await driver.license(scarcity)));
    expect(back).toMatchObject({ state: "unsold", owner: erin, holder: erin, escrowed: false });
    await expectTokensMatchChain(erin);
  });

  test("unknown Licenses and a call without account or token are refused with their codes", async () => {
    const missing = await s.api.post("/api/ticket-market/detail", { tokenId: "999999" });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 40403, msg: "api.error.licenseNotFound", data: null });
    const neither = await s.api.post("/api/ticket/transactions", {});
    expect(neither.status).toBe(400);
    expect(neither.body).toMatchObject({ msg: "api.error.accountOrTokenRequired", data: null });
  });
});

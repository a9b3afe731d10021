import type { FastifyInstance } from "fastify";
import { STATUS_TABS, type MarketListSort, type MarketListStatus } from "@prds/api-schema";
import { DEVNET_PARAMS } from "../bench/common";
import { prng, searchWords, seedMarkets } from "../bench/seed-markets";
import { createChain, type Chain } from "../src/chain/chain";
import { loadConfig } from "../src/config";
import { ROLLBACK_STATE_KEY } from "../src/indexer/reorg";
import { searchTokens } from "../src/http/search";
import { SearchIndex, type SearchRequest } from "../src/http/searchIndex";
import { searchIndexes } from "../src/http/routes/markets";
import { buildServer } from "../src/http/server";
import { createTestDatabase, type TestDatabase } from "./helpers/db";
import { amount, insertMarket, setHead, u } from "./helpers/httpRows";

/**
 * The in-process search index (http/searchIndex/) answers exactly what the SQL path answers:
 * thousands of varied searches over seeded markets plus texts in many scripts, each compared page
 * for page and total for total with an api server that runs every search's SQL (PRDS_SEARCH_INDEX=0);
 * and what the indexer changes shows in the next search once the data version moves.
 */
const NOW = Math.floor(Date.now() / 1000);
const SEEDED = 3_000;
let t: TestDatabase;
let chain: Chain;
const servers: FastifyInstance[] = [];
let index: SearchIndex;

/** Texts in many scripts and shapes (the tokenizers' corners: decimals, hosts, marks, widths). */
const EDGE_TEXTS: { event: string; options?: string[]; category?: string; status?: "audit" | "rejected" | "none" }[] = [
  { event: "Will São Paulo host the final?", options: ["Sim", "Não"], category: "culture" },
  { event: "ZÜRICH Straße naïve café?" },
  { event: "東京オリンピック 2032 開催?", options: ["はい", "いいえ"], category: "other" },
  { event: "ภาษาไทย การเลือกตั้ง?", category: "other" },
  { event: "هل سيفوز المنتخب العربي؟", options: ["نعم", "لا"], category: "other" },
  { event: "Will π reach 3.14159 or 2.5% by example.com?" },
  { event: "Paris Saint-Germain vs foo_bar test@example.org?", category: "culture" },
  { event: "Ærøskøbing Łódź Øresund İstanbul?", category: "other" },
  { event: "ＦＵＬＬＷＩＤＴＨ ｂｉｔｃｏｉｎ rally?" },
  { event: "emoji 🚀 rocket 😀 launch?" },
  { event: "ǅungla Ǉubljana ß?", category: "other" },
  { event: "Version v1.2.3 and 10,000 and 1e5 and 0x1f?" },
  { event: "Ἀθῆναι Αθήνα Ελληνικά?", category: "other" },
  { event: "Кириллица Москва ёлка?", category: "other" },
  { event: "हिन्दी चुनाव?", category: "other" },
  { event: "한국어 서울 선거?", category: "other" },
  { event: "Bitcoin held for review?", status: "audit" },
  { event: "Bitcoin rejected text?", status: "rejected" },
  { event: "Bitcoin never submitted?", status: "none" },
  { event: "Tied volume bitcoin one?", category: "crypto" },
  { event: "Tied volume bitcoin two?", category: "crypto" },
  { event: "Tied volume bitcoin three?", category: "crypto" },
];

/** Search words for the texts above (one search each, split on spaces here only). */
const EDGE_WORDS = (
  "são sao paulo zürich zurich strasse straße naive naïve cafe 東京 東 オリンピック 2032 ภาษาไทย ภาษา การ العربي " +
  "المنتخب π 3 3.14 14159 2.5 5 example example.com com org saint germain saint-germain foo foo_bar bar " +
  "test@example.org ærø aero łódź lodz øresund oresund istanbul İstanbul ＢＩＴＣＯＩＮ fullwidth 🚀 rocket " +
  "ǆungla dž ljubljana ß ss v1 1.2 10,000 000 1e5 0x1f αθήνα αθηνα ἀθῆναι ελληνικα москва ёлка елка " +
  "हिन्दी चुनाव 서울 한국어 tied volume zzzzqqq a b e s w wi wil will the q 2 1 0"
).split(" ");

const CATEGORIES = [null, "crypto", "culture", "other", "finance", "science"];
const TABS: MarketListStatus[] = ["all", ...STATUS_TABS];
const SORTS: MarketListSort[] = ["volume", "newest"];

interface Body {
  search: string;
  category?: string;
  status: MarketListStatus;
  sort: MarketListSort;
  page: number;
  pageSize: number;
}

function requestOf(body: Body): SearchRequest {
  return {
    tokens: searchTokens(body.search),
    category: body.category ?? null,
    tab: body.status,
    sort: body.sort,
    page: body.page,
    pageSize: body.pageSize,
  };
}

/**
 * An api server on the same database (fresh caches): its url. `searchIndex` false: it runs every
 * search's SQL; true: its searches are answered from its index, built before this returns.
 */
async function startServer(searchIndex = false): Promise<string> {
  const config = loadConfig({
    ...process.env,
    ...t.env,
    PRDS_SEARCH_INDEX: searchIndex ? "1" : "0",
    PRDS_RATE_LIMIT_MAX: "1000000000",
  });
  const server = await buildServer({ db: t.db, chain, config, logger: false });
  servers.push(server);
  if (searchIndex) await searchIndexes.get(server)?.ready();
  return `${await server.listen({ host: "127.0.0.1", port: 0 })}/api/markets`;
}

async function post(url: string, body: Body): Promise<unknown> {
  const reply = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(reply.status).toBe(200);
  return reply.json();
}

async function viaSql(url: string, body: Body) {
  const reply = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await reply.json()) as {
    code: number;
    data: { list: { id: string }[]; total: number };
    extra: { totals: Record<string, number> };
  };
  expect([reply.status, answer.code]).toEqual([200, 0]);
  return { ids: answer.data.list.map((m) => Number(m.id)), tabs: answer.extra.totals };
}

beforeAll(async () => {
  t = await createTestDatabase("search-index");
  const db = t.db;
  await seedMarkets(db, SEEDED, NOW, "bitcoin");
  let id = 90_000;
  for (const edge of EDGE_TEXTS) {
    id += 1;
    await insertMarket(db, {
      id,
      now: NOW,
      event: edge.event,
      options: edge.options,
      category: edge.category,
      status: edge.status,
      volume: edge.event.startsWith("Tied") ? 777 : 1 + (id % 7) * 1_000,
      market: id % 3 === 0 ? { last_trading_time: NOW + 3_600 } : id % 3 === 1 ? { phase: "Challenging" } : {},
    });
  }
  await setHead(db, NOW, 50_000);
  chain = { ...createChain({ rpcUrl: "http://127.0.0.1:9", chainId: 31337 }), params: async () => DEVNET_PARAMS };
  const quiet = buildServer({ db, chain, config: loadConfig({ ...process.env, ...t.env }), logger: false });
  servers.push(await quiet);
  index = new SearchIndex(db, (await quiet).log);
  await index.ready();
}, 300_000);

afterAll(async () => {
  index?.close();
  for (const server of servers) await server.close();
  chain?.close();
  await t?.drop();
});

/** Searches of every kind, the same every run. */
function searches(): Body[] {
  const rng = prng(20);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
  const words = [...searchWords(), ...EDGE_WORDS];
  const texts = new Set<string>();
  for (const word of words) {
    texts.add(word);
    for (const n of [1, 2, 3]) texts.add(word.slice(0, n));
    texts.add(word.toUpperCase());
  }
  for (let i = 0; i < 300; i++) texts.add(`${pick(words)} ${pick(words)}`);
  for (let i = 0; i < 60; i++) texts.add(`${pick(words).slice(0, 3)} ${pick(words)} ${pick(words).slice(0, 2)}`);
  const bodies: Body[] = [];
  for (const search of texts) {
    bodies.push({ search, status: "all", sort: "volume", page: 1, pageSize: 20 });
    for (let variant = 0; variant < 2; variant++) {
      bodies.push({
        search,
        ...(rng() < 0.6 ? {} : { category: pick(CATEGORIES) ?? undefined }),
        status: pick(TABS),
        sort: pick(SORTS),
        page: pick([1, 1, 2, 3, 9]),
        pageSize: pick([5, 20, 50]),
      });
    }
  }
  // Every tab, sort and page of a few broad searches.
  for (const search of ["will", "bitcoin", "the", "w", "tied volume", "zebracorn"]) {
    for (const status of TABS) {
      for (const sort of SORTS) for (const page of [1, 2, 40]) bodies.push({ search, status, sort, page, pageSize: 20 });
    }
  }
  return bodies;
}

/** Each search asked of the index and of the SQL server at `url`: the answers must be equal. */
async function compare(url: string, version: string, bodies: readonly Body[]) {
  let compared = 0;
  let nonEmpty = 0;
  const fellBack: string[] = [];
  for (const body of bodies) {
    const q = requestOf(body);
    if (q.tokens.length === 0) continue;
    const fromIndex = await index.search(q, version, NOW, DEVNET_PARAMS.minPremium);
    if (fromIndex === null) {
      fellBack.push(body.search);
      continue;
    }
    const fromSql = await viaSql(url, body);
    expect({ body, ...fromIndex }).toEqual({ body, ...fromSql });
    compared++;
    if (fromSql.ids.length > 0) nonEmpty++;
  }
  return { compared, nonEmpty, fellBack };
}

test("thousands of searches: the same pages in the same order and the same tab totals as SQL", async () => {
  const { compared, nonEmpty, fellBack } = await compare(await startServer(), "v1", searches());
  expect(compared).toBeGreaterThan(3_000);
  expect(nonEmpty).toBeGreaterThan(1_000);
  // Only a word the database does not read as one term would be left to SQL; none of these is.
  expect(fellBack).toEqual([]);
}, 600_000);

test("the api's whole answers (cards, amounts, totals) are the same with and without the index", async () => {
  const [withIndex, withSql] = await Promise.all([startServer(true), startServer()]);
  let nonEmpty = 0;
  for (const body of searches().filter((_, i) => i % 3 === 0)) {
    const [a, b] = await Promise.all([post(withIndex, body), post(withSql, body)]);
    expect({ body, answer: a }).toEqual({ body, answer: b });
    if ((b as { data: { list: unknown[] } }).data.list.length > 0) nonEmpty++;
  }
  expect(nonEmpty).toBeGreaterThan(300);
}, 600_000);

test("a new market, a trade, a state change, a review and a rollback show in the next search once the version moves", async () => {
  const db = t.db;
  const q = (tab: MarketListStatus = "all"): SearchRequest => ({
    tokens: ["zebracorn"],
    category: null,
    tab,
    sort: "volume",
    page: 1,
    pageSize: 20,
  });
  const search = async (version: string, tab?: MarketListStatus) => {
    const answer = await index.search(q(tab), version, NOW, DEVNET_PARAMS.minPremium);
    if (!answer) throw new Error("the index did not answer");
    return answer;
  };
  expect((await search("f1")).ids).toEqual([]);

  await insertMarket(db, { id: 95_001, now: NOW, event: "Zebracorn rally?", volume: 10, market: { updated_block: 5_000_000 } });
  expect((await search("f1")).ids).toEqual([]); // the same version: nothing read
  const first = await search("f2");
  expect(first.ids).toEqual([95_001]);
  expect(first.tabs).toEqual({ all: 1, open: 1, closingSoon: 0, waitingResult: 0, challenging: 0, finished: 0 });

  await insertMarket(db, { id: 95_002, now: NOW, event: "Zebracorn crash?", volume: 20, market: { updated_block: 5_000_001 } });
  expect((await search("f3")).ids).toEqual([95_002, 95_001]);
  // The page rows the index keeps for what its pages show.
  const volumeOf = async (id: number) => (await index.rowsOf([id])).get(id)?.market.volume;
  expect(await volumeOf(95_001)).toBe(amount(db, u(10)));

  // A trade: more volume moves a market up.
  await db.kysely
    .updateTable("markets")
    .set({ volume: amount(db, u(30)), updated_block: 5_000_002 })
    .where("id", "=", 95_001)
    .execute();
  expect((await search("f4")).ids).toEqual([95_001, 95_002]);
  expect(await volumeOf(95_001)).toBe(amount(db, u(30)));

  // A challenge: the market moves from open to challenging.
  await db.kysely
    .updateTable("markets")
    .set({ phase: "Challenging", updated_block: 5_000_003 })
    .where("id", "=", 95_002)
    .execute();
  const challenged = await search("f5");
  expect(challenged.tabs).toEqual({ all: 2, open: 1, closingSoon: 0, waitingResult: 0, challenging: 1, finished: 0 });
  expect((await search("f5", "challenging")).ids).toEqual([95_002]);

  // Metadata held for review is not listed until it is approved.
  const held = await insertMarket(db, {
    id: 95_003,
    now: NOW,
    event: "Zebracorn held?",
    status: "audit",
    volume: 99,
    market: { updated_block: 5_000_004 },
  });
  expect((await search("f6")).ids).toEqual([95_001, 95_002]);
  expect((await index.rowsOf([95_003])).get(95_003)?.market.mm_status).toBe("audit");
  await db.kysely
    .updateTable("market_metadata")
    .set({ status: "approved", reviewed_at: Math.floor(Date.now() / 1000) })
    .where("hash", "=", held)
    .execute();
  expect((await search("f7")).ids).toEqual([95_003, 95_001, 95_002]);
  expect((await index.rowsOf([95_003])).get(95_003)?.market.mm_status).toBe("approved");

  // A rollback (the indexer marks it) undoes a market: it is gone from the next search.
  await db.kysely.deleteFrom("markets").where("id", "=", 95_002).execute();
  await db.kysely
    .insertInto("indexer_state")
    .values({ key: ROLLBACK_STATE_KEY, value: "test rollback" })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: "test rollback" }))
    .execute();
  const after = await search("f8");
  expect(after.ids).toEqual([95_003, 95_001]);
  expect(after.tabs).toEqual({ all: 2, open: 2, closingSoon: 0, waitingResult: 0, challenging: 0, finished: 0 });
});

test("after the rollback's full read the index still answers every search as SQL does", async () => {
  const bodies = searches().filter((_, i) => i % 3 === 0 || _.search === "zebracorn");
  const { compared, fellBack } = await compare(await startServer(), "f8", bodies);
  expect(compared).toBeGreaterThan(1_000);
  expect(fellBack).toEqual([]);
}, 600_000);

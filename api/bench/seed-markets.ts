import { keccak256, toUtf8Bytes } from "ethers";
import { optionKey } from "@prds/contracts/actions";
import { toDbAmount } from "../src/db/amount";
import { openDatabase, type Db } from "../src/db/connect";
import { migrateToLatest } from "../src/db/migrate";
import type { NewRow, Phase } from "../src/db/schema";

/**
 * Seeds `count` markets straight into the database (not through the chain) for the /api/markets
 * benchmark: varied event texts and options in seven categories, a long-tailed volume
 * distribution, markets in every phase, and approved metadata for each (the api lists only
 * approved markets). Deterministic for a given count (a seeded PRNG).
 */

const DAY = 86_400;
const WEI = 10n ** 18n;

/** mulberry32: small, fast, deterministic; a float in [0, 1) per call. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => {
  const value = list[Math.floor(rng() * list.length)];
  if (value === undefined) throw new Error("empty list");
  return value;
};
const pickTwo = <T>(rng: Rng, list: readonly T[]): [T, T] => {
  const a = pick(rng, list);
  let b = pick(rng, list);
  while (b === a) b = pick(rng, list);
  return [a, b];
};

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const YES_NO = ["Yes", "No"] as const;

interface Generated {
  event: string;
  options: string[];
  category: string;
}

const COINS = [
  "Bitcoin",
  "Ethereum",
  "Solana",
  "BNB",
  "XRP",
  "Dogecoin",
  "Cardano",
  "Avalanche",
  "Chainlink",
  "Polygon",
  "Toncoin",
  "Litecoin",
];
const BANKS = [
  "the Federal Reserve",
  "the European Central Bank",
  "the Bank of England",
  "the Bank of Japan",
  "the Reserve Bank of India",
  "the Swiss National Bank",
];
const INDICES = ["the S&P 500", "the Nasdaq 100", "the FTSE 100", "the DAX", "the Nikkei 225", "the Hang Seng", "the CAC 40"];
const COMPANIES = [
  "Apple",
  "Microsoft",
  "Nvidia",
  "Tesla",
  "Amazon",
  "Alphabet",
  "Meta",
  "Samsung",
  "TSMC",
  "Netflix",
  "Spotify",
  "Airbnb",
];
const COUNTRIES = [
  "France",
  "Germany",
  "Brazil",
  "India",
  "Japan",
  "Canada",
  "Australia",
  "Mexico",
  "Spain",
  "Italy",
  "South Korea",
  "Nigeria",
  "Kenya",
  "Poland",
  "Chile",
];
const PARTIES = ["the governing party", "the main opposition", "a coalition of centrist parties", "an independent candidate"];
const MISSIONS = [
  "the lunar lander",
  "the Mars sample return",
  "the new space telescope",
  "the asteroid probe",
  "the crewed capsule",
  "the solar observatory",
];
const FILMS = [
  "the space drama",
  "the animated musical",
  "the historical epic",
  "the courtroom thriller",
  "the indie comedy",
  "the documentary on oceans",
];
const ARTISTS = [
  "the pop star's new album",
  "the band's reunion tour",
  "the rapper's debut single",
  "the orchestra's world premiere",
];
const CLUBS = [
  "Real Madrid",
  "Manchester City",
  "Bayern Munich",
  "Paris Saint-Germain",
  "Inter",
  "Arsenal",
  "Barcelona",
  "Liverpool",
  "Juventus",
  "Borussia Dortmund",
];
const CITIES = [
  "London",
  "Tokyo",
  "New York",
  "Paris",
  "Sydney",
  "São Paulo",
  "Mumbai",
  "Cairo",
  "Toronto",
  "Seoul",
  "Berlin",
  "Madrid",
];

/**
 * Words people search for in these markets (names, places, subjects), lowercase: each matches
 * somewhere between a fraction of a percent and a few percent of the seeded markets.
 */
export function searchWords(): string[] {
  const words = [
    ...COINS,
    ...BANKS,
    ...INDICES,
    ...COMPANIES,
    ...COUNTRIES,
    ...MISSIONS,
    ...FILMS,
    ...CLUBS,
    ...CITIES,
    ...MONTHS,
  ]
    .flatMap((text) => text.toLowerCase().split(/[^a-z0-9]+/))
    .filter((word) => word.length >= 4 && !["bank", "will", "with", "the"].includes(word));
  return [...new Set(words)].sort();
}

function generate(rng: Rng, year: number): Generated {
  const month = pick(rng, MONTHS);
  const day = 1 + Math.floor(rng() * 28);
  const date = `${day} ${month} ${year}`;
  const roll = rng();
  if (roll < 0.22) {
    const coin = pick(rng, COINS);
    const kind = rng();
    if (kind < 0.5) {
      const price = Math.round(10 ** (1 + rng() * 4));
      return {
        category: "crypto",
        event: `Will ${coin} close above $${price.toLocaleString("en-US")} on ${date}?`,
        options: [...YES_NO],
      };
    }
    if (kind < 0.75)
      return { category: "crypto", event: `Will ${coin} reach a new all-time high before ${date}?`, options: [...YES_NO] };
    const [a, b] = pickTwo(rng, COINS);
    return {
      category: "crypto",
      event: `Which will gain more in ${month} ${year}: ${a} or ${b}?`,
      options: [a, b, "About the same (within 1%)"],
    };
  }
  if (roll < 0.38) {
    const kind = rng();
    if (kind < 0.4) {
      const bank = pick(rng, BANKS);
      return {
        category: "finance",
        event: `What will ${bank} decide at its ${month} ${year} meeting?`,
        options: ["Cut rates", "Hold rates", "Raise rates"],
      };
    }
    if (kind < 0.75) {
      const index = pick(rng, INDICES);
      return { category: "finance", event: `Will ${index} end ${month} ${year} higher than it started?`, options: [...YES_NO] };
    }
    const company = pick(rng, COMPANIES);
    return {
      category: "finance",
      event: `Will ${company} beat analysts' revenue estimates in its next quarterly report?`,
      options: [...YES_NO],
    };
  }
  if (roll < 0.54) {
    const country = pick(rng, COUNTRIES);
    if (rng() < 0.5) {
      return {
        category: "politics",
        event: `Who will win the ${year} general election in ${country}?`,
        options: PARTIES.slice(0, 2 + Math.floor(rng() * 3)).map((p) =>
          p.replace(/^the /, "The ").replace(/^a /, "A ").replace(/^an /, "An "),
        ),
      };
    }
    return {
      category: "politics",
      event: `Will the parliament of ${country} pass the budget before ${date}?`,
      options: [...YES_NO],
    };
  }
  if (roll < 0.68) {
    const company = pick(rng, COMPANIES);
    const product = pick(rng, [
      "a foldable phone",
      "an AI assistant",
      "smart glasses",
      "a self-driving taxi service",
      "a new chip",
      "a subscription tier",
    ]);
    return { category: "technology", event: `Will ${company} launch ${product} before ${date}?`, options: [...YES_NO] };
  }
  if (roll < 0.78) {
    const mission = pick(rng, MISSIONS);
    return {
      category: "science",
      event: `Will ${mission} launch successfully by ${date}?`,
      options: ["Yes, on schedule", "Yes, but delayed", "No"],
    };
  }
  if (roll < 0.9) {
    if (rng() < 0.5) {
      const film = pick(rng, FILMS);
      return { category: "culture", event: `Will ${film} win Best Picture at the ${year} awards?`, options: [...YES_NO] };
    }
    const work = pick(rng, ARTISTS);
    return { category: "culture", event: `Will ${work} top the charts in ${month} ${year}?`, options: [...YES_NO] };
  }
  if (rng() < 0.6) {
    const clubs = [...CLUBS].sort(() => rng() - 0.5).slice(0, 2 + Math.floor(rng() * 4));
    return { category: "sports", event: `Who will win the ${year} cup final?`, options: [...clubs, "Another club"] };
  }
  const city = pick(rng, CITIES);
  return { category: "other", event: `Will it rain in ${city} on ${date}?`, options: [...YES_NO] };
}

/** A long tail: most markets small, a few very large (log-normal around ~400 USDT). */
function volumeWei(rng: Rng): bigint {
  const normal = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  const usdt = Math.exp(Math.log(400) + 1.6 * normal);
  return BigInt(Math.round(usdt * 1e6)) * 10n ** 12n;
}

const PHASES: readonly [Phase, number][] = [
  ["Trading", 0.62],
  ["Confirmed", 0.06],
  ["Challenging", 0.02],
  ["Voting", 0.02],
  ["Final", 0.22],
  ["Cancelled", 0.03],
  ["Void", 0.02],
  ["Invalid", 0.01],
];

function phaseOf(rng: Rng): Phase {
  let roll = rng();
  for (const [phase, share] of PHASES) {
    if (roll < share) return phase;
    roll -= share;
  }
  return "Trading";
}

export interface SeedSummary {
  markets: number;
  options: number;
  /** How many markets' event text or options contain `term` (case-insensitive, as a word). */
  matches: number;
}

/**
 * Inserts the markets in transactions of `chunk` markets each, multi-row statements sized under
 * each dialect's bind-parameter limit.
 */
export async function seedMarkets(
  db: Db,
  count: number,
  now: number,
  term: string,
  progress: (done: number) => void = () => undefined,
): Promise<SeedSummary> {
  const rng = prng(0x5eed);
  const year = new Date(now * 1000).getUTCFullYear();
  const amount = (value: bigint): string => toDbAmount(db.dialect, value);
  const word = new RegExp(`\\b${term}\\b`, "i");
  let options = 0;
  let matches = 0;
  const chunk = 5_000;
  // markets has 50 columns: 400 rows = 20k parameters (SQLite allows 32766, PostgreSQL 65535).
  const rowsPerStatement = 400;

  for (let start = 0; start < count; start += chunk) {
    const markets: NewRow<"markets">[] = [];
    const marketOptions: NewRow<"market_options">[] = [];
    const metadata: NewRow<"market_metadata">[] = [];
    for (let i = start; i < Math.min(count, start + chunk); i++) {
      const id = i + 1;
      const generated = generate(rng, year);
      // Texts repeat across 100k markets; a serial number keeps each metadata hash unique (the way
      // real issuers phrase near-identical markets a little differently).
      const g = { ...generated, event: `${generated.event.replace(/\?$/, "")} (#${id})?` };
      const hash = keccak256(toUtf8Bytes(JSON.stringify({ event: g.event, category: g.category, options: g.options })));
      if (word.test(g.event) || g.options.some((o) => word.test(o))) matches++;

      const phase = phaseOf(rng);
      const createdAt = now - Math.floor(rng() * 120 * DAY);
      const open = phase === "Trading" && rng() < 0.9;
      const lastTradingTime = open ? now + Math.floor((0.05 + rng() * 40) * DAY) : createdAt + Math.floor((1 + rng() * 20) * DAY);
      const expirationTime = lastTradingTime + Math.floor((0.5 + rng() * 5) * DAY);
      const liquidity = BigInt(100 + Math.floor(rng() * 900)) * WEI;
      const margin = BigInt(100 + Math.floor(rng() * 4_900)) * WEI;
      const volume = phase === "Cancelled" ? 0n : volumeWei(rng);
      const fee = (volume * 200n) / 10_000n;
      const buyersStake = volume - fee;
      const pool = liquidity + buyersStake;
      const weights = g.options.map(() => 0.2 + rng());
      const weightSum = weights.reduce((a, b) => a + b, 0);
      let left = pool;
      g.options.forEach((text, idx) => {
        const stake =
          idx === g.options.length - 1 ? left : (pool * BigInt(Math.round(((weights[idx] ?? 1) / weightSum) * 1e6))) / 1_000_000n;
        left -= stake;
        marketOptions.push({
          market_id: id,
          idx,
          option_key: optionKey(text).toLowerCase(),
          stake: amount(stake < 0n ? 0n : stake),
        });
      });
      options += g.options.length;
      const final = phase === "Final" || phase === "Invalid" || phase === "Void" || phase === "Cancelled";
      const confirmed = phase !== "Trading" && phase !== "Cancelled" && phase !== "Void";
      const result = confirmed ? Math.floor(rng() * g.options.length) : null;
      const issuer = `0x${(0x1000 + Math.floor(rng() * 5_000)).toString(16).padStart(40, "0")}`;
      markets.push({
        id,
        issuer,
        license_id: 1 + Math.floor(rng() * 10_000),
        metadata_hash: hash,
        option_count: g.options.length,
        last_trading_time: lastTradingTime,
        expiration_time: expirationTime,
        created_at: createdAt,
        created_block: 1_000 + id * 3,
        tx_hash: `0x${id.toString(16).padStart(64, "0")}`,
        liquidity: amount(liquidity),
        margin: amount(margin),
        license_staked: 0,
        license_value: amount(0n),
        capacity: amount((margin + liquidity) * 20n),
        rental_end: 0,
        pool: amount(pool),
        volume: amount(volume),
        buyers_stake: amount(buyersStake),
        fee_total: amount(fee),
        trade_count: volume === 0n ? 0 : 1 + Math.floor(rng() * 200),
        phase,
        result,
        issuer_result: result,
        dao_result: phase === "Voting" || (phase === "Final" && rng() < 0.05) ? result : null,
        early: confirmed && rng() < 0.1 ? 1 : 0,
        known_at: confirmed ? expirationTime : null,
        confirmed_at: confirmed ? expirationTime + 3_600 : null,
        window_end: confirmed ? expirationTime + 3_600 + 7 * DAY : null,
        pool_at_cutoff: confirmed ? amount(pool) : null,
        issuer_absent: 0,
        appealed: phase === "Voting" && rng() < 0.5 ? 1 : 0,
        challenge_count: phase === "Challenging" ? 1 : phase === "Voting" ? 2 : 0,
        vote_kind: phase === "Voting" ? "TwoChallenges" : null,
        vote_candidates: phase === "Voting" ? 4 : null,
        vote_end: phase === "Voting" ? now + 2 * DAY : null,
        vote_extended: 0,
        vote_snapshot_block: phase === "Voting" ? 1_000 + id * 3 + 1 : null,
        response_end: phase === "Challenging" ? now + DAY : null,
        tally_outcome: null,
        invalid_reason: phase === "Invalid" ? "Vote" : null,
        net_pool: final ? amount(pool) : null,
        winning_stake: phase === "Final" ? amount(pool / 2n) : null,
        issuer_fee: phase === "Final" ? amount(fee / 2n) : null,
        platform_fee: phase === "Final" ? amount((fee * 4n) / 10n) : null,
        referral_fees: phase === "Final" ? amount(fee / 10n) : null,
        bond_state: final ? "released" : "locked",
        overturned: 0,
        finalized_at: final ? expirationTime + 8 * DAY : null,
        updated_block: 1_000 + id * 3 + 2,
      });
      metadata.push({
        hash,
        event: g.event,
        options_json: JSON.stringify(g.options),
        description: `Resolves on the official, publicly reported outcome: ${g.event}`,
        category: g.category,
        resolution_source: "Official announcement",
        url: `https://example.org/markets/${id}`,
        content: "",
        language: "en",
        search_text: `${g.event} ${g.options.join(" ")}`,
        status: "approved",
        reason: null,
        created_at: createdAt - 60,
        reviewed_at: null,
      });
    }
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < markets.length; i += rowsPerStatement) {
        await trx
          .insertInto("markets")
          .values(markets.slice(i, i + rowsPerStatement))
          .execute();
      }
      for (let i = 0; i < marketOptions.length; i += 4 * rowsPerStatement) {
        await trx
          .insertInto("market_options")
          .values(marketOptions.slice(i, i + 4 * rowsPerStatement))
          .execute();
      }
      for (let i = 0; i < metadata.length; i += rowsPerStatement) {
        await trx
          .insertInto("market_metadata")
          .values(metadata.slice(i, i + rowsPerStatement))
          .execute();
      }
    });
    progress(Math.min(count, start + chunk));
  }
  return { markets: count, options, matches };
}

/**
 * A fresh SQLite file at `file` with `count` approved markets (seedMarkets) and the indexer's head at
 * the seeding time, for a real api started on it with its indexer off (e2e/bench/list): the api's
 * "now" and head block come from the indexer's state, which the seeded open/closing dates are relative to.
 */
export async function seedMarketsFile(file: string, count: number, search: string): Promise<SeedSummary> {
  const db = openDatabase({ databaseUrl: null, sqlitePath: file });
  try {
    await migrateToLatest(db);
    const now = Math.floor(Date.now() / 1000);
    const seeded = await seedMarkets(db, count, now, search);
    await db.kysely
      .insertInto("indexer_state")
      .values([
        { key: "head_block", value: String(1_000 + count * 3 + 10) },
        { key: "head_time", value: String(now) },
      ])
      .execute();
    db.sqlite?.exec("analyze"); // fresh statistics, as a running database has
    return seeded;
  } finally {
    await db.close();
  }
}

import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseUnits, type Contract, type Signer } from "ethers";
import { evidenceHash, evidenceImageHash } from "../src/evidence";
import { normalizeMarketText } from "../src/metadata";
import { buyLicense, buyPacket, buyPosition, fundUsdt, issueMarket, LicenseType, send, type IssueInput } from "./actions";
import { CONTRACTS_ROOT } from "./artifacts";
import { DEPLOYMENTS_DIR, readEnums } from "./generate";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const u = (amount: number | string): bigint => parseUnits(String(amount), 18);

/** What the seed needs from the chain: time control, the current time, and named accounts. */
export interface SeedChain {
  /** Makes the next block's timestamp `timestamp` (seconds). */
  setNextBlockTime(timestamp: number): Promise<void>;
  mine(): Promise<void>;
  latestTimestamp(): Promise<number>;
  /** Hardhat's unlocked accounts, #0 being the deployer. At least 13. */
  signers: readonly Signer[];
}

export interface SeedContracts {
  prds: Contract;
  usdt: Contract;
  license: Contract;
  marketplace: Contract;
  markets: Contract;
}

/** IMarketsTypes.MarketState member names, the states a seeded market is built for. */
export type MarketStateName =
  | "Open"
  | "Closed"
  | "WaitingConfirmation"
  | "EarlyConfirmed"
  | "Confirmed"
  | "Challenging"
  | "Appealing"
  | "Voting"
  | "Finished"
  | "Cancelled"
  | "Void";

export interface SeededMarket {
  id: string;
  metadataHash: string;
  event: string;
  category: string;
  options: readonly string[];
  /** Texts the api stores with the metadata (part of metadataHash, like every text a page shows). */
  description: string;
  resolutionSource: string;
  issuer: string;
  /** The state the seed built it for, as the chain reports it once the seed is done. */
  state: MarketStateName;
  /** A UI label beyond the chain state (e.g. "closing soon"). */
  note?: string;
}

/**
 * A seeded challenge's evidence: what a challenger uploads to the api (/api/evidence/upload, an image
 * and a text) before challenging with the hash the api answers. The seed runs before the api, so it
 * hashes them itself (@prds/contracts/evidence, the api's definition); the stack uploads them once the
 * api is up (scripts/stack.cjs) and checks the api's hash is this one.
 */
export interface SeededChallenge {
  marketId: string;
  /** The challenge's index in its market (challengesOf). */
  index: number;
  challenger: string;
  option: number;
  text: string;
  /** The evidence image, relative to the contracts package (scripts/seed-evidence/…). */
  image: string;
  imageType: "image/png";
  evidenceHash: string;
}

export interface SeedResult {
  endTime: number;
  accounts: Record<string, string>;
  licenses: { tokenId: string; owner: string; state: string }[];
  markets: SeededMarket[];
  challenges: SeededChallenge[];
}

/** Where the seeded challenges' evidence images are (drawn for the demo, PNG). */
export const SEED_EVIDENCE_DIR = path.join(CONTRACTS_ROOT, "scripts", "seed-evidence");

interface EvidenceInput {
  /** File name in SEED_EVIDENCE_DIR. */
  image: string;
  text: string;
}

interface Step {
  at: number;
  label: string;
  run: () => Promise<void>;
}

interface MarketPlan {
  key: string;
  issuer: Signer;
  /** Key of the License in the seed's purchases (ids are known only once bought). */
  license: string;
  input: Omit<IssueInput, "licenseId">;
  /** Shown on the detail page; the api stores them with the metadata. */
  description: string;
  resolutionSource: string;
  state: MarketStateName;
  note?: string;
}

/**
 * Seeds demo data for a new user to see: Licenses of every type (on sale, listed for rent, one
 * rented), markets in every state with positions from several accounts, a challenge and votes in
 * progress. The chain must start at least 29 days before `endTime`; the seed moves its clock forward
 * through a timeline ending at `endTime` (default: wall time), so "now" ends near wall time.
 */
export async function seed(chain: SeedChain, c: SeedContracts, endTime?: number): Promise<SeedResult> {
  const E = endTime ?? Math.floor(Date.now() / 1000);
  const [deployer, alice, bob, carol, dave, erin, b1, b2, b3, b4, b5, b6, v1, v2, v3] = chain.signers;
  if (!deployer || !alice || !bob || !carol || !dave || !erin || !b1 || !b2 || !b3 || !b4 || !b5 || !b6 || !v1 || !v2 || !v3) {
    throw new Error("the seed needs 15 accounts");
  }
  const start = await chain.latestTimestamp();
  if (start > E - 29 * DAY) {
    throw new Error(
      `the chain's clock (${new Date(start * 1000).toISOString()}) must start at least 29 days before the seed's end`,
    );
  }
  const marketsAddress = await c.markets.getAddress();
  const marketplaceAddress = await c.marketplace.getAddress();
  const addr = async (s: Signer): Promise<string> => s.getAddress();

  const steps: Step[] = [];
  const at = (time: number, label: string, run: () => Promise<void>): void => {
    steps.push({ at: time, label, run });
  };

  // ------------------------------------------------------------------ tokens and Licenses
  const licenses = new Map<string, bigint>();
  at(E - 29 * DAY, "PRDS to voters and challengers", async () => {
    // Voting power is read at the block before a confirmation, so voters hold PRDS from the start.
    const grants: [Signer, bigint][] = [
      [v1, u(3_000_000)],
      [v2, u(1_500_000)],
      [v3, u(500_000)],
      ...[b1, b2, b3, b4, b5, b6].map((s): [Signer, bigint] => [s, u(5_000)]),
    ];
    for (const [to, amount] of grants) await send(c.prds, deployer, "transfer", await addr(to), amount);
    for (const s of [b1, b2, b3, b4, b5, b6]) await send(c.prds, s, "approve", marketsAddress, u(5_000));
  });
  at(E - 28 * DAY, "primary sales", async () => {
    const alicePacket = await buyPacket(c.license, c.usdt, alice, 2); // common, common, scarcity, attributive
    alicePacket.forEach((id, i) => licenses.set(`alice${i + 1}`, id));
    licenses.set("bobScarcity", await buyLicense(c.license, c.usdt, bob, LicenseType.Scarcity));
    licenses.set("bobCommon", await buyLicense(c.license, c.usdt, bob, LicenseType.Common));
    licenses.set("carolCommon", await buyLicense(c.license, c.usdt, carol, LicenseType.Common));
    const davePacket = await buyPacket(c.license, c.usdt, dave, 0); // five common
    davePacket.forEach((id, i) => licenses.set(`dave${i + 1}`, id));
    licenses.set("erinAttributive", await buyLicense(c.license, c.usdt, erin, LicenseType.Attributive));
    licenses.set("erinScarcity", await buyLicense(c.license, c.usdt, erin, LicenseType.Scarcity));
    for (const owner of [alice, bob, carol, dave, erin]) {
      await send(c.license, owner, "setApprovalForAll", marketplaceAddress, true);
    }
  });
  const lic = (key: string): bigint => {
    const id = licenses.get(key);
    if (id === undefined) throw new Error(`license ${key} not bought yet`);
    return id;
  };
  at(E - 20 * DAY, "marketplace listings", async () => {
    await send(c.marketplace, dave, "listForSale", lic("dave2"), u(120));
    await send(c.marketplace, dave, "listForSale", lic("dave3"), u(95));
    await send(c.marketplace, erin, "listForSale", lic("erinAttributive"), u(1_200));
    await send(c.marketplace, erin, "listForSale", lic("erinScarcity"), u(550));
    await send(c.marketplace, bob, "listForRent", lic("bobScarcity"), u(15), 30, 3);
    await send(c.marketplace, dave, "listForRent", lic("dave4"), u(5), 60, 5);
    await send(c.marketplace, alice, "listForRent", lic("alice2"), u(8), 14, 2);
  });
  at(E - 15 * DAY, "a License sold on the marketplace", async () => {
    await fundUsdt(c.usdt, b6, u(95), marketplaceAddress);
    await send(c.marketplace, b6, "buy", lic("dave3"), u(95));
  });
  at(E - 2 * DAY, "carol rents bob's scarcity License for 10 days", async () => {
    await fundUsdt(c.usdt, carol, u(150), marketplaceAddress);
    await send(c.marketplace, carol, "rent", lic("bobScarcity"), 10, u(15));
  });

  // ------------------------------------------------------------------ markets
  const ids = new Map<string, bigint>();
  const seeded: SeededMarket[] = [];
  const base = { liquidity: u(200), margin: u(300) };
  const market = (plan: MarketPlan, issueAt: number): void => {
    at(issueAt, `issue ${plan.key}`, async () => {
      const { id, metadataHash } = await issueMarket(c.markets, c.usdt, c.license, plan.issuer, {
        ...plan.input,
        description: plan.description,
        resolutionSource: plan.resolutionSource,
        licenseId: lic(plan.license),
      });
      ids.set(plan.key, id);
      seeded.push({
        id: id.toString(),
        metadataHash,
        event: plan.input.event,
        category: plan.input.category,
        options: plan.input.options,
        description: plan.description,
        resolutionSource: plan.resolutionSource,
        issuer: await addr(plan.issuer),
        state: plan.state,
        ...(plan.note ? { note: plan.note } : {}),
      });
    });
  };
  const id = (key: string): bigint => {
    const value = ids.get(key);
    if (value === undefined) throw new Error(`market ${key} not issued yet`);
    return value;
  };
  const buy = (time: number, key: string, buyer: Signer, option: number, amount: number, referrer?: Signer): void => {
    at(time, `buy ${key}`, async () => {
      await buyPosition(c.markets, c.usdt, buyer, id(key), option, u(amount), referrer ? await addr(referrer) : undefined);
    });
  };
  const act = (time: number, key: string, who: Signer, method: string, ...args: unknown[]): void => {
    at(time, `${method} ${key}`, async () => {
      await send(c.markets, who, method, id(key), ...args);
    });
  };
  const challenges: SeededChallenge[] = [];
  /** A participant challenges with an image and a text, as the page does (hashed as the api will). */
  const challenge = (time: number, key: string, who: Signer, option: number, evidence: EvidenceInput): void => {
    at(time, `challenge ${key}`, async () => {
      if (normalizeMarketText(evidence.text) !== evidence.text)
        throw new Error(`evidence text of ${key} is not as the api stores it`);
      const file = path.join(SEED_EVIDENCE_DIR, evidence.image);
      const hash = evidenceHash(evidenceImageHash(readFileSync(file)), evidence.text);
      const marketId = id(key);
      const index = ((await c.markets.getFunction("challengesOf")(marketId)) as unknown[]).length;
      await send(c.markets, who, "challenge", marketId, option, 0, hash);
      challenges.push({
        marketId: marketId.toString(),
        index,
        challenger: await addr(who),
        option,
        text: evidence.text,
        image: path.relative(CONTRACTS_ROOT, file),
        imageType: "image/png",
        evidenceHash: hash,
      });
    });
  };
  const yesNo = ["Yes", "No"] as const;

  market(
    {
      key: "open",
      description:
        "Resolves to Yes if the BTC/USD daily close on 31 December (00:00 UTC) is strictly above $150,000, otherwise No.",
      resolutionSource: "CoinGecko BTC/USD historical daily close",
      issuer: alice,
      license: "alice1",
      state: "Open",
      input: {
        ...base,
        event: "Will Bitcoin close above $150,000 on 31 December?",
        category: "crypto",
        options: yesNo,
        lastTradingTime: E + 20 * DAY,
        expirationTime: E + 25 * DAY,
        liquidity: u(300),
        margin: u(500),
      },
    },
    E - 5 * DAY,
  );
  buy(E - 4 * DAY, "open", b1, 0, 120);
  buy(E - 3 * DAY, "open", b2, 1, 80, b1);
  buy(E - 1 * DAY, "open", b3, 0, 45, b1);

  market(
    {
      key: "closingSoon",
      description:
        "Resolves to the club that wins this season's UEFA Champions League final, extra time and penalties included. Another club covers every club not listed.",
      resolutionSource: "UEFA official match report",
      issuer: bob,
      license: "bobCommon",
      state: "Open",
      note: "closing soon",
      input: {
        ...base,
        event: "Who will win the Champions League final?",
        category: "sports",
        options: ["Real Madrid", "Manchester City", "Bayern Munich", "Another club"],
        lastTradingTime: E + 5 * HOUR,
        expirationTime: E + 3 * DAY,
      },
    },
    E - 6 * DAY,
  );
  buy(E - 5 * DAY, "closingSoon", b2, 0, 60);
  buy(E - 4 * DAY, "closingSoon", b3, 1, 40);
  buy(E - 2 * DAY, "closingSoon", b4, 2, 25);

  market(
    {
      key: "closed",
      description:
        "Resolves to Yes if the central bank lowers its policy rate at the next scheduled monetary policy meeting, otherwise No.",
      resolutionSource: "The central bank's official policy statement",
      issuer: dave,
      license: "dave1",
      state: "Closed",
      input: {
        ...base,
        event: "Will the central bank cut interest rates at its next meeting?",
        category: "finance",
        options: yesNo,
        lastTradingTime: E - 1 * DAY,
        expirationTime: E + 4 * DAY,
      },
    },
    E - 10 * DAY,
  );
  buy(E - 9 * DAY, "closed", b1, 0, 90);
  buy(E - 8 * DAY, "closed", b5, 1, 70);

  market(
    {
      key: "waiting",
      description: "Resolves to Yes if the Met Office records snowfall at any London weather station on 1 January, otherwise No.",
      resolutionSource: "Met Office daily weather observations",
      issuer: alice,
      license: "alice1",
      state: "WaitingConfirmation",
      input: {
        ...base,
        event: "Will it snow in London on New Year's Day?",
        category: "science",
        options: yesNo,
        lastTradingTime: E - 3 * DAY,
        expirationTime: E - 1 * DAY,
      },
    },
    E - 9 * DAY,
  );
  buy(E - 8 * DAY, "waiting", b3, 0, 30);
  buy(E - 7 * DAY, "waiting", b4, 1, 75);

  market(
    {
      key: "confirmed",
      description:
        "Resolves to Yes if the manufacturer's new flagship phone is delivered to customers before the last day of the current quarter, otherwise No.",
      resolutionSource: "The manufacturer's press releases",
      issuer: alice,
      license: "alice1",
      state: "Confirmed",
      input: {
        ...base,
        event: "Will the new flagship phone ship before the end of the quarter?",
        category: "technology",
        options: yesNo,
        lastTradingTime: E - 5 * DAY,
        expirationTime: E - 3 * DAY,
      },
    },
    E - 12 * DAY,
  );
  buy(E - 11 * DAY, "confirmed", b1, 0, 100);
  buy(E - 10 * DAY, "confirmed", b6, 1, 50);
  act(E - 2 * DAY, "confirmed", alice, "confirm", 0);

  market(
    {
      key: "early",
      description: "Resolves to Yes if the film wins Best Picture at this year's Academy Awards ceremony, otherwise No.",
      resolutionSource: "The Academy's official list of winners",
      issuer: dave,
      license: "dave5",
      state: "EarlyConfirmed",
      input: {
        ...base,
        event: "Will the film win Best Picture?",
        category: "culture",
        options: yesNo,
        lastTradingTime: E + 10 * DAY,
        expirationTime: E + 15 * DAY,
      },
    },
    E - 8 * DAY,
  );
  buy(E - 7 * DAY, "early", b2, 0, 80);
  buy(E - 6 * DAY, "early", b5, 1, 40);
  buy(E - 2 * DAY, "early", b3, 1, 20);
  act(E - 1 * DAY, "early", dave, "confirmEarly", 0, E - 1 * DAY - 3 * HOUR);

  market(
    {
      key: "challenging",
      description:
        "Resolves to Yes if the index's closing level on the last trading day of the year is higher than its opening level on the first trading day, otherwise No.",
      resolutionSource: "The index provider's official closing levels",
      issuer: bob,
      license: "bobCommon",
      state: "Challenging",
      input: {
        ...base,
        event: "Will the index close the year higher than it opened?",
        category: "finance",
        options: yesNo,
        lastTradingTime: E - 4 * DAY,
        expirationTime: E - 3 * DAY,
      },
    },
    E - 12 * DAY,
  );
  buy(E - 11 * DAY, "challenging", b3, 0, 60);
  buy(E - 10 * DAY, "challenging", b4, 1, 90);
  act(E - 2.5 * DAY, "challenging", bob, "confirm", 0);
  challenge(E - 1 * DAY, "challenging", b4, 1, {
    image: "index-close.png",
    text:
      "The index provider's year-end factsheet gives an opening level of 4,812.35 on the first trading day and a " +
      "closing level of 4,736.90 on the last trading day, 1.6% lower. The index closed the year below where it " +
      "opened, so the answer is No.",
  });

  market(
    {
      key: "appealing",
      description: "Resolves to Yes if the home team finishes the regular season in a play-off place, otherwise No.",
      resolutionSource: "The league's official final standings",
      issuer: alice,
      license: "alice3",
      state: "Appealing",
      note: "vote in progress after the issuer's appeal",
      input: {
        ...base,
        event: "Will the home team reach the play-offs?",
        category: "sports",
        options: yesNo,
        lastTradingTime: E - 6 * DAY,
        expirationTime: E - 5 * DAY,
      },
    },
    E - 14 * DAY,
  );
  buy(E - 13 * DAY, "appealing", b5, 1, 110);
  buy(E - 12 * DAY, "appealing", b6, 0, 70);
  act(E - 4.5 * DAY, "appealing", alice, "confirm", 0);
  challenge(E - 3 * DAY, "appealing", b5, 1, {
    image: "league-table.png",
    text:
      "The league's official table after the last round: the home team finished 8th with 51 points, three points " +
      "behind Lakeside FC in 6th, the last play-off place. It did not reach the play-offs.",
  });
  act(E - 2 * DAY, "appealing", alice, "appeal");
  act(E - 1 * DAY, "appealing", v2, "vote", 1);
  act(E - 20 * HOUR, "appealing", v3, "vote", 2);

  market(
    {
      key: "voting",
      description: "Resolves to the chain with the highest average daily active addresses over November.",
      resolutionSource: "Public block explorers' daily active address statistics",
      issuer: dave,
      license: "dave1",
      state: "Voting",
      note: "two challenges: community vote in progress",
      input: {
        ...base,
        event: "Which chain will have the most daily active addresses in November?",
        category: "crypto",
        options: ["BNB Chain", "Ethereum", "Solana"],
        lastTradingTime: E - 5 * DAY,
        expirationTime: E - 4 * DAY,
      },
    },
    E - 13 * DAY,
  );
  buy(E - 12 * DAY, "voting", b1, 1, 80);
  buy(E - 11 * DAY, "voting", b2, 2, 60);
  buy(E - 10 * DAY, "voting", b6, 0, 40);
  act(E - 3.5 * DAY, "voting", dave, "confirm", 0);
  challenge(E - 3 * DAY, "voting", b1, 1, {
    image: "explorer-november.png",
    text:
      "Public block explorers' daily statistics, averaged over November: Ethereum 1.63 M daily active addresses, " +
      "Solana 1.38 M, BNB Chain 1.21 M. Ethereum had the most, not BNB Chain.",
  });
  challenge(E - 2 * DAY, "voting", b2, 2, {
    image: "dashboard-export.png",
    text:
      "An analytics dashboard export counting each transaction signer once per day, averaged over November: " +
      "Solana 2.04 M, Ethereum 1.51 M, BNB Chain 1.37 M. Counted by unique signers, Solana had the most daily " +
      "active addresses.",
  });
  act(E - 1 * DAY, "voting", v1, "vote", 2);

  market(
    {
      key: "finished",
      description:
        "Resolves to Yes if the probe lands intact on its first landing attempt, as confirmed by the space agency, otherwise No.",
      resolutionSource: "The space agency's mission updates",
      issuer: alice,
      license: "alice4",
      state: "Finished",
      note: "License staked as the bond",
      input: {
        event: "Will the probe land successfully on its first attempt?",
        category: "science",
        options: yesNo,
        lastTradingTime: E - 18 * DAY,
        expirationTime: E - 17 * DAY,
        liquidity: u(200),
        margin: 0n,
        stakeLicense: true,
      },
    },
    E - 25 * DAY,
  );
  buy(E - 24 * DAY, "finished", b1, 0, 150);
  buy(E - 23 * DAY, "finished", b2, 1, 90);
  buy(E - 22 * DAY, "finished", b3, 0, 35, b2);
  act(E - 16 * DAY, "finished", alice, "confirm", 0);
  act(E - 8 * DAY, "finished", b6, "advance");
  at(E - 7 * DAY, "winners claim finished:alice4", async () => {
    for (const winner of [b1, b3]) await send(c.markets, winner, "claim", id("finished"), await addr(winner));
  });

  market(
    {
      key: "cancelled",
      description:
        "Resolves to Yes if the tour announces a second concert date in the capital before the last trading time, otherwise No.",
      resolutionSource: "The tour's official website",
      issuer: bob,
      license: "bobCommon",
      state: "Cancelled",
      input: {
        ...base,
        event: "Will the concert tour add a second date in the capital?",
        category: "culture",
        options: yesNo,
        lastTradingTime: E + 5 * DAY,
        expirationTime: E + 6 * DAY,
      },
    },
    E - 7 * DAY,
  );
  act(E - 6 * DAY, "cancelled", bob, "cancel");

  market(
    {
      key: "void",
      description: "Resolves to Yes if the city council approves the new tram line in a vote held this month, otherwise No.",
      resolutionSource: "The city council's published meeting minutes",
      issuer: dave,
      license: "dave5",
      state: "Void",
      note: "minimum premium not reached",
      input: {
        ...base,
        event: "Will the city council approve the new tram line this month?",
        category: "politics",
        options: yesNo,
        lastTradingTime: E - 4 * DAY,
        expirationTime: E - 2 * DAY,
      },
    },
    E - 11 * DAY,
  );
  buy(E - 10 * DAY, "void", b4, 0, 20);
  act(E - 1 * DAY, "void", b4, "advance");

  market(
    {
      key: "rented",
      description:
        "Resolves to Yes if the official turnout of the next general election exceeds 60% of registered voters, otherwise No.",
      resolutionSource: "The national election commission's final results",
      issuer: carol,
      license: "bobScarcity",
      state: "Open",
      note: "issued by a renter",
      input: {
        ...base,
        event: "Will the election turnout exceed 60%?",
        category: "politics",
        options: yesNo,
        lastTradingTime: E + 5 * DAY,
        expirationTime: E + 7 * DAY,
      },
    },
    E - 1 * DAY,
  );
  buy(E - 20 * HOUR, "rented", b5, 0, 30);
  buy(E - 10 * HOUR, "rented", b6, 1, 45);

  // ------------------------------------------------------------------ run the timeline
  steps.sort((a, b) => a.at - b.at);
  for (const step of steps) {
    const now = await chain.latestTimestamp();
    if (step.at > now) await chain.setNextBlockTime(step.at);
    try {
      await step.run();
    } catch (error) {
      throw new Error(`seed step "${step.label}" failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // Without an explicit end the seed follows the wall clock, which moved on while it ran.
  const wallNow = endTime === undefined ? Math.floor(Date.now() / 1000) : 0;
  const end = Math.max(E, wallNow, (await chain.latestTimestamp()) + 1);
  await chain.setNextBlockTime(end);
  await chain.mine();

  // ------------------------------------------------------------------ check what a user will see
  // Names come from the compiled enums, so a reordered enum cannot make this check pass wrongly.
  const enums = readEnums();
  const marketStates = enums.get("IMarketsTypes.MarketState") ?? [];
  const licenseStates = enums.get("LicenseMarketplace.LicenseState") ?? [];
  for (const m of seeded) {
    const state = marketStates[Number(await c.markets.getFunction("marketState")(m.id))];
    if (state !== m.state) throw new Error(`seeded market ${m.id} (${m.event}) is ${state}, expected ${m.state}`);
  }
  const licenseRows: SeedResult["licenses"] = [];
  for (const [, tokenId] of [...licenses.entries()].sort((a, b) => Number(a[1] - b[1]))) {
    const state = licenseStates[Number(await c.marketplace.getFunction("stateOf")(tokenId))] ?? "Unknown";
    const owner = (await c.marketplace.getFunction("realOwnerOf")(tokenId)) as string;
    licenseRows.push({ tokenId: tokenId.toString(), owner, state });
  }
  const named = { deployer, alice, bob, carol, dave, erin, b1, b2, b3, b4, b5, b6, v1, v2, v3 };
  const accounts: Record<string, string> = {};
  for (const [name, signer] of Object.entries(named)) accounts[name] = await addr(signer);
  // The chain keeps each challenge's evidence hash: the one the stack will upload under.
  for (const ch of challenges) {
    const onChain = (await c.markets.getFunction("challengesOf")(ch.marketId)) as { evidenceHash: string }[];
    if (onChain[ch.index]?.evidenceHash.toLowerCase() !== ch.evidenceHash.toLowerCase()) {
      throw new Error(`seeded challenge ${ch.marketId}/${ch.index} carries another evidence hash than ${ch.evidenceHash}`);
    }
  }
  return {
    endTime: end,
    accounts,
    licenses: licenseRows,
    markets: seeded.sort((a, b) => Number(a.id) - Number(b.id)),
    challenges,
  };
}

/** Writes deployments/<chainId>.seed.json: the texts behind the seeded hashes, for the api. */
export function writeSeedFile(chainId: number, result: SeedResult): string {
  const file = path.join(DEPLOYMENTS_DIR, `${chainId}.seed.json`);
  // Written whole and renamed into place: a second stack seeding the same chain id (an e2e spec on its
  // own devnet) must never let a reader see the file half-written.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(result, null, 2)}\n`);
  renameSync(partial, file);
  return file;
}

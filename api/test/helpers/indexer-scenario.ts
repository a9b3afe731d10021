import { EventLog, id as hashText, parseUnits, type Contract, type Signer } from "ethers";
import { buyLicense, buyPosition, fundUsdt, issueMarket, LicenseType, send } from "@prds/contracts/actions";
import type { SeedResult } from "@prds/contracts/seed";
import type { Devnet } from "./devnet";

const HOUR = 3600;
const DAY = 24 * HOUR;
const u = (amount: number): bigint => parseUnits(String(amount), 18);

/** The seed's accounts in signer order (contracts/scripts/seed.ts). */
export interface Cast {
  deployer: Signer;
  alice: Signer;
  bob: Signer;
  carol: Signer;
  dave: Signer;
  erin: Signer;
  b1: Signer;
  b2: Signer;
  b3: Signer;
  b4: Signer;
  b5: Signer;
  b6: Signer;
  v1: Signer;
  v2: Signer;
  v3: Signer;
  stranger: Signer;
}

export function castOf(devnet: Devnet): Cast {
  const s = devnet.signers;
  const at = (i: number): Signer => {
    const signer = s[i];
    if (!signer) throw new Error(`the devnet has no account #${i}`);
    return signer;
  };
  return {
    deployer: at(0),
    alice: at(1),
    bob: at(2),
    carol: at(3),
    dave: at(4),
    erin: at(5),
    b1: at(6),
    b2: at(7),
    b3: at(8),
    b4: at(9),
    b5: at(10),
    b6: at(11),
    v1: at(12),
    v2: at(13),
    v3: at(14),
    stranger: at(15),
  };
}

/** A seeded market by the state the seed built it for and a word of its event text. */
function seededMarket(seeded: SeedResult, state: string, words: string): bigint {
  const market = seeded.markets.find((m) => m.state === state && m.event.includes(words));
  if (!market) throw new Error(`the seed has no ${state} market about '${words}'`);
  return BigInt(market.id);
}

/**
 * Everything the seed leaves out, run from the seed's end in phases so a suite can index between
 * them: claims (payout, refund, a loser's zero claim, referral, compensation, voter rewards, free
 * PRDS), withdrawals, margin, the marketplace's cancel and buy paths, a direct License transfer, a
 * rental that expires, and new markets that end early-confirmed with late stakes, by an absent
 * issuer's vote, by a concession, and invalid by vote; finally every holder of a final market claims.
 */
export function extraScenario(devnet: Devnet, seeded: SeedResult): (() => Promise<void>)[] {
  const { markets, usdt, license, marketplace, claim } = devnet.protocol;
  const c = castOf(devnet);
  const m = (signer: Signer, method: string, ...args: unknown[]): Promise<unknown> => send(markets, signer, method, ...args);
  const finished = seededMarket(seeded, "Finished", "probe");
  const voided = seededMarket(seeded, "Void", "tram");
  const open = seededMarket(seeded, "Open", "Bitcoin");
  const voting = seededMarket(seeded, "Voting", "active addresses");
  const appealing = seededMarket(seeded, "Appealing", "play-offs");
  const challenging = seededMarket(seeded, "Challenging", "index");
  const confirmed = seededMarket(seeded, "Confirmed", "flagship");
  const early = seededMarket(seeded, "EarlyConfirmed", "Best Picture");
  const fresh = { early: 0n, absent: 0n, concede: 0n, invalid: 0n };
  let knownAt = 0;
  const now = (): Promise<number> => devnet.latestTimestamp();
  const issue = async (license: bigint, event: string, lastTrading: number, expiration: number): Promise<bigint> => {
    const t = await now();
    const { id } = await issueMarket(markets, usdt, devnet.protocol.license, c.erin, {
      licenseId: license,
      event,
      category: "science",
      options: ["Yes", "No"],
      lastTradingTime: t + lastTrading,
      expirationTime: t + expiration,
      liquidity: u(200),
      margin: u(300),
    });
    return id;
  };

  return [
    // A: claims, withdrawals, margin, marketplace paths, new markets and their buys.
    async () => {
      await send(claim, c.b1, "claim");
      await m(c.b2, "claim", finished, await c.b2.getAddress());
      await m(c.deployer, "claim", finished, await c.alice.getAddress());
      await m(c.b2, "claimReferral", finished);
      await m(c.alice, "withdraw", u(1));
      await m(c.b4, "claim", voided, await c.b4.getAddress());
      await fundUsdt(usdt, c.alice, u(100), await markets.getAddress());
      await m(c.alice, "addMargin", open, u(100));

      await send(marketplace, c.dave, "cancelSale", 9n); // dave2
      await fundUsdt(usdt, c.b1, u(550), await marketplace.getAddress());
      await send(marketplace, c.b1, "buy", 14n, u(550)); // erinScarcity
      await send(marketplace, c.alice, "cancelRentListing", 2n); // alice2, never rented
      await send(license, c.alice, "transferFrom", await c.alice.getAddress(), await c.stranger.getAddress(), 3n); // alice3

      const erinLicense = await buyLicense(license, usdt, c.erin, LicenseType.Common);
      fresh.early = await issue(erinLicense, "Early with late stakes", 10 * DAY, 12 * DAY);
      fresh.absent = await issue(erinLicense, "Absent issuer", DAY, 2 * DAY);
      fresh.concede = await issue(erinLicense, "Conceded", DAY, 2 * DAY);
      fresh.invalid = await issue(erinLicense, "Invalid by vote", DAY, 2 * DAY);
      const t0 = await now();
      await buyPosition(markets, usdt, c.b1, fresh.early, 0, u(100));
      await buyPosition(markets, usdt, c.b4, fresh.absent, 0, u(50));
      await buyPosition(markets, usdt, c.b5, fresh.absent, 1, u(30));
      await buyPosition(markets, usdt, c.b1, fresh.concede, 0, u(40));
      await buyPosition(markets, usdt, c.b6, fresh.concede, 1, u(30));
      await buyPosition(markets, usdt, c.b2, fresh.invalid, 0, u(40));
      await buyPosition(markets, usdt, c.b3, fresh.invalid, 1, u(30));
      await devnet.increaseTime(HOUR);
      await buyPosition(markets, usdt, c.stranger, fresh.early, 1, u(60), await c.b6.getAddress());
      await devnet.increaseTime(2 * HOUR);
      // After the outcome was known (knownAt below): refunded in full when final.
      await buyPosition(markets, usdt, c.b3, fresh.early, 0, u(40));
      knownAt = t0 + 2 * HOUR;
      await m(c.erin, "confirmEarly", fresh.early, 0, knownAt);

      await m(c.v2, "vote", voting, 2);
      await m(c.v1, "vote", appealing, 1);
    },
    // B: two days on: tallies, a default, a concession, an appeal.
    async () => {
      await devnet.increaseTime(2 * DAY + HOUR);
      await m(c.deployer, "advance", voting); // challenger wins; the other challenge is lost
      await m(c.deployer, "advance", appealing); // issuer wins
      await m(c.deployer, "advance", challenging); // unanswered: won by default
      await m(c.v1, "claimVoterReward", voting);
      await m(c.v2, "claimVoterReward", voting);
      await m(c.v1, "claimVoterReward", appealing);
      await m(c.deployer, "claimCompensation", voting, 0);
      await m(c.deployer, "claimCompensation", challenging, 0);

      await m(c.erin, "confirm", fresh.concede, 0);
      await m(c.b6, "challenge", fresh.concede, 1, 0, hashText("the other outcome"));
      await m(c.erin, "concede", fresh.concede);
      await m(c.erin, "confirm", fresh.invalid, 0);
      await m(c.b3, "challenge", fresh.invalid, 1, 0, hashText("ambiguous"));
      await m(c.erin, "appeal", fresh.invalid);
      await m(c.v1, "vote", fresh.invalid, 0);
      await m(c.v2, "vote", fresh.invalid, 0);
    },
    // C: the confirmation deadline passes: an absent issuer; the appeal's vote ends invalid.
    async () => {
      await devnet.increaseTime(3 * DAY + HOUR);
      await m(c.deployer, "advance", fresh.absent);
      await m(c.v1, "vote", fresh.absent, 2);
      await m(c.v2, "vote", fresh.absent, 2);
      await m(c.deployer, "advance", fresh.invalid);
      await m(c.deployer, "claim", fresh.invalid, await c.b2.getAddress());
    },
    // D: the absent issuer's vote chooses option 1; carol's rental runs out (no event).
    async () => {
      await devnet.increaseTime(3 * DAY + HOUR);
      await m(c.deployer, "advance", fresh.absent);
    },
    // E: challenge windows close; every holder of a final market claims; erin withdraws.
    async () => {
      await devnet.increaseTime(2 * DAY);
      for (const id of [challenging, fresh.concede, confirmed, early]) await m(c.deployer, "advance", id);
      await m(c.deployer, "claim", fresh.early, await c.b3.getAddress()); // finalizes it; b3 was late
      await m(c.b6, "claimReferral", fresh.early);
      await claimEverything(markets, c.deployer);
      const credit = (await markets.getFunction("creditOf")(await c.erin.getAddress())) as bigint;
      if (credit > 0n) await m(c.erin, "withdraw", credit);
    },
  ];
}

/** Claims for every account holding a position in a final, void or invalid market. */
async function claimEverything(markets: Contract, caller: Signer): Promise<void> {
  const count = Number(await markets.getFunction("marketCount")());
  const filter = markets.filters.Bought?.();
  const issued = markets.filters.MarketIssued?.();
  if (!filter || !issued) throw new Error("Markets has no Bought / MarketIssued event");
  const holders = new Map<bigint, Set<string>>();
  for (const log of [...(await markets.queryFilter(filter)), ...(await markets.queryFilter(issued))]) {
    if (!(log instanceof EventLog)) continue;
    const id = log.args[0] as bigint;
    const account = String(log.args[1]);
    holders.set(id, (holders.get(id) ?? new Set()).add(account));
  }
  for (let id = 1n; id <= BigInt(count); id++) {
    const state = Number((await markets.getFunction("getMarket")(id)).state);
    // MarketState: Finished 11, Void 13, Invalid 14.
    if (![11, 13, 14].includes(state)) continue;
    for (const account of holders.get(id) ?? []) {
      const options = Number((await markets.getFunction("getMarket")(id)).optionCount);
      let stake = 0n;
      for (let o = 0; o < options; o++) stake += ((await markets.getFunction("positionOf")(id, account, o)) as [bigint])[0];
      if (stake > 0n) await send(markets, caller, "claim", id, account);
    }
  }
}

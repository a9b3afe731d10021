import fc from "fast-check";
import { usdt } from "../helpers/fixture";
import { DAY } from "./model";

// The random actions of the property test (property-markets.test.ts) and the outcomes the model predicts.

// ---------------------------------------------------------------- actions

export type Action =
  | {
      k: "issue";
      actor: number;
      n: number;
      lttIdx: number;
      expIdx: number;
      liqIdx: number;
      marginIdx: number;
      stake: boolean;
      lic: number;
    }
  | { k: "buy"; actor: number; m: number; option: number; amountIdx: number; ref: number }
  | { k: "confirm"; actor: number; m: number; option: number }
  | { k: "confirmEarly"; actor: number; m: number; option: number; agoIdx: number }
  | { k: "challenge"; actor: number; m: number; option: number; early: boolean; frac: number }
  | { k: "concede"; actor: number; m: number }
  | { k: "appeal"; actor: number; m: number }
  | { k: "vote"; actor: number; m: number; choice: number }
  | { k: "advance"; actor: number; m: number }
  | { k: "claim"; actor: number; m: number; account: number }
  | { k: "claimReferral"; actor: number; m: number }
  | { k: "claimCompensation"; actor: number; m: number; index: number }
  | { k: "claimVoterReward"; actor: number; m: number }
  | { k: "withdraw"; actor: number; all: boolean }
  | { k: "cancel"; actor: number; m: number }
  | { k: "addMargin"; actor: number; m: number }
  | { k: "listForRent"; actor: number; lic: number; maxIssues: number }
  | { k: "rent"; actor: number; lic: number; days: number }
  | { k: "cancelRent"; actor: number; lic: number }
  | { k: "giftPrds"; actor: number; to: number }
  | { k: "claimPrds"; actor: number }
  | { k: "time"; idx: number };

// Accounts: 0 deployer/treasury, 1-3 issuers, 4-9 traders with PRDS, 10 a newcomer without PRDS.
export const N_ACCOUNTS = 11;
export const ISSUERS = [1, 2, 3];
export const TREASURY = 0;
export const NEWCOMER = 10;
const actorArb = fc.integer({ min: 1, max: N_ACCOUNTS - 1 });
const slot = fc.nat({ max: 1_000 });
// Mostly short moves, so markets spend time in each phase; long ones cross whole windows.
export const TIME_STEPS = [60, 300, 600, 1_800, 3_600, 3_600, 4 * 3_600, 12 * 3_600, DAY, DAY, 3 * DAY + 1_800, 8 * DAY];
export const AMOUNTS = [usdt(1), usdt(7), usdt(33), usdt(120), usdt(900), usdt(2_500)];
export const LTT = [3_600, DAY, 3 * DAY];
export const EXP = [0, 600, DAY];
export const LIQ = [usdt(100), usdt(103), usdt(450)];
export const MARGINS = [usdt(100), usdt(250)];
export const AGO = [0, 300, 3_600, DAY];

/** `who` < 70: the call is made by the account the rules expect (issuer, participant, voter...),
 * otherwise by the random `actor`; `live` < 75: it targets a market that is not final yet. */
export type Biased = Action & { who: number; live: number };

const baseActionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      k: fc.constant("issue" as const),
      actor: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ISSUERS) }, { weight: 1, arbitrary: actorArb }),
      n: fc.integer({ min: 2, max: 4 }),
      lttIdx: fc.nat({ max: 2 }),
      expIdx: fc.nat({ max: 2 }),
      liqIdx: fc.nat({ max: 2 }),
      marginIdx: fc.nat({ max: 1 }),
      stake: fc.boolean(),
      lic: slot,
    }),
  },
  {
    weight: 30,
    arbitrary: fc.record({
      k: fc.constant("buy" as const),
      actor: actorArb,
      m: slot,
      option: fc.nat({ max: 4 }),
      amountIdx: fc.nat({ max: AMOUNTS.length - 1 }),
      ref: fc.integer({ min: -6, max: N_ACCOUNTS - 1 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({ k: fc.constant("confirm" as const), actor: actorArb, m: slot, option: fc.nat({ max: 3 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant("confirmEarly" as const),
      actor: actorArb,
      m: slot,
      option: fc.nat({ max: 3 }),
      agoIdx: fc.nat({ max: AGO.length - 1 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constant("challenge" as const),
      actor: actorArb,
      m: slot,
      option: fc.nat({ max: 3 }),
      early: fc.boolean(),
      frac: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("concede" as const), actor: actorArb, m: slot }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("appeal" as const), actor: actorArb, m: slot }) },
  { weight: 7, arbitrary: fc.record({ k: fc.constant("vote" as const), actor: actorArb, m: slot, choice: fc.nat({ max: 4 }) }) },
  { weight: 7, arbitrary: fc.record({ k: fc.constant("advance" as const), actor: actorArb, m: slot }) },
  {
    weight: 8,
    arbitrary: fc.record({
      k: fc.constant("claim" as const),
      actor: actorArb,
      m: slot,
      account: fc.nat({ max: N_ACCOUNTS - 1 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("claimReferral" as const), actor: actorArb, m: slot }) },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant("claimCompensation" as const), actor: actorArb, m: slot, index: fc.nat({ max: 2 }) }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("claimVoterReward" as const), actor: actorArb, m: slot }) },
  {
    weight: 3,
    arbitrary: fc.record({ k: fc.constant("withdraw" as const), actor: fc.nat({ max: N_ACCOUNTS - 1 }), all: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("cancel" as const), actor: actorArb, m: slot }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("addMargin" as const), actor: actorArb, m: slot }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant("listForRent" as const),
      actor: actorArb,
      lic: slot,
      maxIssues: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant("rent" as const), actor: actorArb, lic: slot, days: fc.integer({ min: 1, max: 10 }) }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("cancelRent" as const), actor: actorArb, lic: slot }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant("giftPrds" as const),
      actor: fc.integer({ min: 4, max: 9 }),
      to: fc.constantFrom(NEWCOMER, 1, 2),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("claimPrds" as const), actor: actorArb }) },
  { weight: 8, arbitrary: fc.record({ k: fc.constant("time" as const), idx: fc.nat({ max: TIME_STEPS.length - 1 }) }) },
);
export const actionArb: fc.Arbitrary<Biased> = fc
  .tuple(baseActionArb, fc.nat({ max: 99 }), fc.nat({ max: 99 }))
  .map(([a, who, live]) => ({ ...a, who, live }));

// ---------------------------------------------------------------- expectations

export type Expect = { ok: true } | { ok: false; errors?: readonly string[]; auth?: boolean };
export const OK: Expect = { ok: true };
export const fail = (...errors: string[]): Expect => ({ ok: false, errors });
export const denied = (...errors: string[]): Expect => ({ ok: false, errors, auth: true });

export class PropertyFailure extends Error {}

import { marketsLifecycle } from "./helpers/marketsLifecycle";
import * as issue from "./helpers/marketsIssue";
import * as settlement from "./helpers/marketsSettlement";
import * as trading from "./helpers/marketsTrading";

/**
 * Markets against the real devnet and contracts, with the indexer and the server in-process. The
 * protocol is driven through a whole lifecycle — metadata submitted through the api and issued
 * with its hash, buys from several accounts with a referrer, a cancel, a void, an early
 * confirmation challenged and won by default, a challenge conceded, a challenge appealed and
 * voted down, finalization, claims, referral and voter rewards, compensation, withdraw, the free
 * PRDS claim — and after each step every call of the api README is asked and its answer compared
 * with the contracts' views (getMarket, marketState, optionStakes, positionOf, challengesOf,
 * tallyOf, ballotOf, creditOf, referralOwed, balances) or with the events the transactions logged.
 */

jest.setTimeout(180_000);

describe("markets on the devnet, through the api", () => {
  const x = marketsLifecycle();

  beforeAll(() => x.start(), 90_000);
  afterAll(() => x.close());

  // The steps run in order on one stack, each going on from where the one before left the chain
  // (helpers/marketsIssue.ts, marketsTrading.ts, marketsSettlement.ts).
  test("issue config is Markets.params() and the License catalogue", () => issue.issueConfig(x));
  test("issue six markets (metadata through submit-underlying) and buy from several accounts with a referrer", () =>
    issue.issueSixMarkets(x));
  test("get-trans-status: a buy indexed, a reverted transaction, an unknown hash", () => issue.transStatusCases(x));
  test("markets list: search, category, status tabs, sort by volume and newest, totals", () => issue.marketsList(x));
  test("trades, history, user-dealt, bought, issued: the Bought events and the chain's stakes", () =>
    trading.tradesAndHistory(x));
  test("history downsampled: at most `points` points, the first and the last kept", () => trading.historyDownsampled(x));
  test("user/info: balances are the chain's, cash and portfolio; the free PRDS claim after a buy", () => trading.userInfo(x));
  test("referral rewards accrue from the referred accounts' fees", () => trading.referralRewards(x));
  test("closing: labels follow the chain's time (closed, void by premium); an early confirmation is challenged", () =>
    settlement.closing(x));
  test("expiry: confirmations, a challenge conceded, a challenge appealed to a vote, the void market refunded", () =>
    settlement.expiry(x));
  test("deadlines: an unanswered challenge won by default (compensation), the vote tallied (voter reward), winners paid what the api said", () =>
    settlement.deadlines(x));
  test("challenge windows close: finalization on claim, referral and issuer credit withdrawn, snapshots", () =>
    settlement.challengeWindowsClose(x));
  test("M3 settles on the challenger's claim; every market ends where the chain says", () => settlement.m3Settles(x));
  test("metadata held for review has no hash and is never listed; approved by the reviewer, it is", () =>
    settlement.heldForReview(x));
});

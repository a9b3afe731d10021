import { readFileSync } from "node:fs";
import { getAddress } from "ethers";
import { DEFAULT_PROTOCOL_OPTIONS } from "../scripts/deploy";
import { DEFAULT_MARKETS_PARAMS } from "../scripts/deployMarkets";
import { networkParamsFile, NetworkParamsError, parseNetworkParams, readNetworkParams } from "../scripts/networkParams";

const OWNER = "0x00000000000000000000000000000000000000A1";
const TREASURY = "0x00000000000000000000000000000000000000b2";

type JsonObject = Record<string, unknown>;

/** contracts/networks/bsc.json with a multisig and a treasury filled in. */
function bscFile(): JsonObject {
  const json = JSON.parse(readFileSync(networkParamsFile("bsc"), "utf8")) as JsonObject;
  return { ...json, owner: OWNER, treasury: TREASURY };
}

/** A deep copy of `file` with `change` applied to it. */
function edited(change: (file: JsonObject) => void, file: JsonObject = bscFile()): JsonObject {
  const copy = JSON.parse(JSON.stringify(file)) as JsonObject;
  change(copy);
  return copy;
}

const section = (file: JsonObject, key: string) => file[key] as JsonObject;

function problemsOf(json: unknown): readonly string[] {
  try {
    parseNetworkParams(json, "bsc.json");
  } catch (error) {
    if (error instanceof NetworkParamsError) return error.problems;
    throw error;
  }
  throw new Error("the parameters were accepted");
}

describe("network parameters files (contracts/networks/*.json)", () => {
  it("the committed files are complete and valid but for the owner and treasury, which a person sets before deploying", () => {
    for (const network of ["bsc", "bsc-testnet"] as const) {
      let problems: readonly string[] = [];
      try {
        readNetworkParams(networkParamsFile(network));
      } catch (error) {
        if (!(error instanceof NetworkParamsError)) throw error;
        problems = error.problems;
        expect(error.message).toContain(networkParamsFile(network));
      }
      expect(problems).toEqual([
        "owner: is the zero address: set the multisig that will own the protocol before deploying",
        "treasury: is the zero address: set the treasury that receives sales and fees before deploying",
      ]);
    }
  });

  it("resolves BSC's file to the protocol's defaults, with Tether's USDT as the pay token", () => {
    const params = parseNetworkParams(bscFile(), "bsc.json");
    expect(params).toMatchObject({
      network: "bsc",
      chainId: 56,
      owner: getAddress(OWNER),
      treasury: getAddress(TREASURY),
      payToken: { address: "0x55d398326f99059fF775485246999027B3197955", symbol: "USDT", decimals: 18 },
      platformToken: {
        supply: DEFAULT_PROTOCOL_OPTIONS.prdsSupply,
        claimFunding: DEFAULT_PROTOCOL_OPTIONS.claimFunding,
        holder: getAddress(TREASURY),
      },
      claimAmount: DEFAULT_PROTOCOL_OPTIONS.claimAmount,
      issuesPerLicense: DEFAULT_PROTOCOL_OPTIONS.issuesPerLicense,
      maxRentalDays: DEFAULT_PROTOCOL_OPTIONS.maxRentalDays,
    });
    expect(params.licenseTypes).toEqual(DEFAULT_PROTOCOL_OPTIONS.licenseTypes);
    expect(params.packets).toEqual(DEFAULT_PROTOCOL_OPTIONS.packets);
    expect(params.markets).toEqual(DEFAULT_MARKETS_PARAMS);
    expect(
      parseNetworkParams(
        edited((f) => (section(f, "platformToken").holder = "owner")),
        "x",
      ).platformToken.holder,
    ).toBe(getAddress(OWNER));
  });

  it("refuses bad values with the path of each and the rule it breaks, all at once", () => {
    const file = edited((f) => {
      const markets = section(f, "markets");
      markets.feeSplitBps = { issuer: 5000, platform: 4000, referrer: 500 };
      markets.challengeStake = 1000;
      markets.votingPeriod = "3 days";
      markets.feeBPS = 100;
      delete markets.quorumBps;
      section(f, "payToken").decimals = 6;
      f.chainId = 97;
    });
    expect(problemsOf(file)).toEqual([
      "chainId: bsc is chain 56, not 97",
      "payToken.decimals: the protocol and the app count the pay token in 18 decimals (BSC USDT has 18), not 6",
      "markets.feeBPS: unknown key (expected one of feeBps, feeSplitBps, capacityMultiple, challengeStake, votingPeriod, quorumBps, responsePeriod, confirmationPeriod, challengeWindow, minLiquidity, minMargin, minPremium, minInvest, marginFeeBps, quorumPenaltyBps, checkpointInterval, maxOptions)",
      "markets.quorumBps: is missing",
      "markets.feeSplitBps: issuer + platform + referrer must add up to 10000 (got 9500)",
      'markets.challengeStake: write token amounts as strings, e.g. "1000" (JSON numbers lose precision)',
      'markets.votingPeriod: must be a duration such as "300s", "5m", "12h" or "3d"; got "3 days"',
    ]);
  });

  it.each<[string, (f: JsonObject) => void, string]>([
    [
      "an address with a wrong checksum",
      (f) => (section(f, "payToken").address = "0x55D398326f99059fF775485246999027B3197955"),
      'payToken.address: must be an address (0x and 40 hex digits, a valid checksum if mixed case); got "0x55D398326f99059fF775485246999027B3197955"',
    ],
    [
      "another symbol",
      (f) => (section(f, "payToken").symbol = "BUSD"),
      "payToken.symbol: the app names the pay token USDT (scripts/roles.ts TOKENS), not BUSD",
    ],
    [
      "the devnet's chain",
      (f) => {
        f.network = "devnet";
        f.chainId = 31337;
      },
      'network: unknown network "devnet" (known: bsc, bsc-testnet)',
    ],
    [
      "more PRDS for Claim than exists",
      (f) => (section(f, "platformToken").claimFunding = "100000001"),
      "platformToken.claimFunding: is more than the supply",
    ],
    [
      "a claim larger than Claim's funding",
      (f) => (section(f, "claim").amount = "2000000"),
      "claim.amount: is more than platformToken.claimFunding: nobody could claim",
    ],
    [
      "a packet larger than License allows",
      (f) => ((section(f, "license").packets as JsonObject[])[0] = { common: 51, scarcity: 0, attributive: 0, price: "1" }),
      "license.packets[0]: holds 51 Licenses; License.MAX_PACKET_SIZE is 50",
    ],
    [
      "a free License",
      (f) => (section(section(f, "license").types as JsonObject, "common").price = "0"),
      "license.types.common.price: must be above 0",
    ],
    ["a fee of 100%", (f) => (section(f, "markets").feeBps = 10000), "markets.feeBps: must be from 0 to 9999 (got 10000)"],
    [
      "a buy below the fee's unit",
      (f) => (section(f, "markets").minInvest = "0.00000000000000001"),
      "markets.minInvest: must be at least 50 units at a fee of 200 bps",
    ],
    ["one option", (f) => (section(f, "markets").maxOptions = 1), "markets.maxOptions: must be from 2 to 255 (got 1)"],
    [
      "too many decimals",
      (f) => (section(f, "markets").minLiquidity = "1.0000000000000000001"),
      'markets.minLiquidity: must be a token amount such as "100" or "0.5" (at most 18 decimals); got "1.0000000000000000001"',
    ],
    [
      "a voting period beyond uint32",
      (f) => (section(f, "markets").votingPeriod = "50000d"),
      "markets.votingPeriod: must be from 1 to 4294967295 seconds (got 4320000000)",
    ],
    ["a missing section", (f) => delete f.claim, "claim: is missing"],
  ])("refuses %s", (_what, change, problem) => {
    expect(problemsOf(edited(change))).toContain(problem);
  });

  it("accepts an address in lower case (no checksum to check)", () => {
    const params = parseNetworkParams(
      edited((f) => (section(f, "payToken").address = "0x55d398326f99059ff775485246999027b3197955")),
      "bsc.json",
    );
    expect(params.payToken.address).toBe("0x55d398326f99059fF775485246999027B3197955");
  });

  it("names the file when it is not JSON", () => {
    expect(() => readNetworkParams(__filename)).toThrow(
      `${__filename}: 1 problem(s) in the network parameters:\n  - cannot be read as JSON`,
    );
  });
});

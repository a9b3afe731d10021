import hre from "hardhat";
import { seed } from "../scripts/seed";
import { deployFixture } from "./helpers/fixture";
import { DAY, now } from "./helpers/chain";

describe("devnet seed", () => {
  it("builds Licenses in every state and markets in every state, ending at the requested time", async () => {
    const f = await deployFixture();
    // The in-process chain starts at wall time, so the seed's timeline ends 30 days ahead of it.
    const endTime = (await now()) + 30 * DAY;
    const result = await seed(
      {
        signers: f.signers,
        setNextBlockTime: async (timestamp) => {
          await hre.network.provider.send("evm_setNextBlockTimestamp", [timestamp]);
        },
        mine: async () => {
          await hre.network.provider.send("evm_mine", []);
        },
        latestTimestamp: now,
      },
      f,
      endTime,
    );
    expect(result.endTime).toBe(endTime);
    expect(await now()).toBe(endTime);
    // seed() itself checks each market's chain state against the one it built it for.
    expect(new Set(result.markets.map((m) => m.state))).toEqual(
      new Set([
        "Open",
        "Closed",
        "WaitingConfirmation",
        "Confirmed",
        "EarlyConfirmed",
        "Challenging",
        "Appealing",
        "Voting",
        "Finished",
        "Cancelled",
        "Void",
      ]),
    );
    expect(result.markets.length).toBeGreaterThanOrEqual(12);
    expect(new Set(result.markets.map((m) => m.category)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(result.licenses.map((l) => l.state))).toEqual(new Set(["Unsold", "OnSale", "ListedForRent", "Rented"]));
    const types = await Promise.all(result.licenses.map(async (l) => (await f.license.info(l.tokenId)).licenseType));
    expect(new Set(types)).toEqual(new Set([0n, 1n, 2n]));
    const voting = result.markets.find((m) => m.state === "Voting");
    expect(voting).toBeDefined();
    const challenges = await f.markets.challengesOf(voting?.id);
    expect(challenges.length).toBe(2);
  });
});

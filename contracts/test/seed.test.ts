import { readFileSync } from "node:fs";
import path from "node:path";
import hre from "hardhat";
import { CONTRACTS_ROOT } from "../scripts/artifacts";
import { seed } from "../scripts/seed";
import { evidenceHash, evidenceImageHash } from "../src/evidence";
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
    // Football is sport, not culture (issue 27 item 14); the market list's category filter e2e test relies on these two.
    const sports = result.markets.filter((m) => m.category === "sports").map((m) => m.event);
    expect(sports.sort()).toEqual(["Who will win the Champions League final?", "Will the home team reach the play-offs?"]);
    expect(new Set(result.licenses.map((l) => l.state))).toEqual(new Set(["Unsold", "OnSale", "ListedForRent", "Rented"]));
    const types = await Promise.all(result.licenses.map(async (l) => (await f.license.info(l.tokenId)).licenseType));
    expect(new Set(types)).toEqual(new Set([0n, 1n, 2n]));
    const voting = result.markets.find((m) => m.state === "Voting");
    expect(voting).toBeDefined();
    const challenges = await f.markets.challengesOf(voting?.id);
    expect(challenges.length).toBe(2);

    // Every challenge on chain is listed with the evidence the stack uploads to the api: an image
    // (a PNG file) and a text whose hash, as the api computes it, is the one the challenge carries.
    const onChain: { marketId: string; index: number; challenger: string; option: number; evidenceHash: string }[] = [];
    for (const m of result.markets) {
      const list = await f.markets.challengesOf(m.id);
      list.forEach((c: { challenger: string; option: bigint; evidenceHash: string }, index: number) =>
        onChain.push({
          marketId: m.id,
          index,
          challenger: c.challenger,
          option: Number(c.option),
          evidenceHash: c.evidenceHash.toLowerCase(),
        }),
      );
    }
    expect(onChain.length).toBeGreaterThanOrEqual(4);
    expect(
      result.challenges.map(({ marketId, index, challenger, option, evidenceHash: hash }) => ({
        marketId,
        index,
        challenger,
        option,
        evidenceHash: hash,
      })),
    ).toEqual(onChain);
    for (const c of result.challenges) {
      const bytes = readFileSync(path.join(CONTRACTS_ROOT, c.image));
      expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a"); // PNG signature
      expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
      expect(c.text.length).toBeGreaterThan(40);
      expect(evidenceHash(evidenceImageHash(bytes), c.text)).toBe(c.evidenceHash);
    }
    expect(new Set(result.challenges.map((c) => c.image)).size).toBe(result.challenges.length);
  });
});

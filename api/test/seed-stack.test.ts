import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { keccak256 } from "ethers";
import type { Stack } from "../../scripts/stack.cjs";
import { TEST_DIALECT } from "./helpers/db";
import { freePort } from "./helpers/devnet";

/**
 * The demo a new user sees: the whole back end as `npm start` and the e2e suite start it
 * (scripts/stack.cjs: a devnet deployed and seeded, then the api on SQLite with the seeded markets'
 * texts and challenges' evidence submitted), asked what the pages ask.
 *
 * The stack always runs the api on SQLite, so the PostgreSQL pass of the api suites skips it.
 */

jest.setTimeout(420_000);

const CONTRACTS_ROOT = path.dirname(require.resolve("@prds/contracts/package.json"));

interface Detail {
  market: { id: string; state: string; liquidity: string };
  positions: {
    invested: string;
    pendingPayoff: string;
    payout: string;
    refund: string;
    received: string;
    claimed: boolean;
    profit: string | null;
  } | null;
  challenges: {
    index: number;
    challenger: string;
    option: number;
    evidenceHash: string;
    evidence: { hash: string; imageHash: string | null; imageUrl: string | null; text: string } | null;
  }[];
}

(TEST_DIALECT === "sqlite" ? describe : describe.skip)("the seeded stack (scripts/stack.cjs)", () => {
  let stack: Stack;
  let runDir = "";

  beforeAll(async () => {
    const { startStack } = await import("../../scripts/stack.cjs");
    runDir = mkdtempSync(path.join(tmpdir(), "prds-seed-stack-"));
    stack = await startStack({ devnetPort: await freePort(), apiPort: await freePort(), runDir, log: () => undefined });
  }, 400_000);
  afterAll(async () => {
    await stack?.stop();
    if (runDir) rmSync(runDir, { recursive: true, force: true });
  });

  const detail = async (id: string, account?: string): Promise<Detail> => {
    const response = await fetch(`${stack.apiUrl}/api/market/detail`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id, ...(account ? { account } : {}) }),
    });
    const body = (await response.json()) as { code: number; data: Detail };
    expect([response.status, body.code]).toEqual([200, 0]);
    return body.data;
  };

  test("every seeded challenge shows its evidence: the image and text uploaded under the hash on chain", async () => {
    const seeded = stack.seed.challenges;
    expect(seeded.length).toBeGreaterThanOrEqual(4);
    for (const c of seeded) {
      const where = `market ${c.marketId} challenge ${c.index}`;
      const found = (await detail(c.marketId)).challenges.find((x) => x.index === c.index);
      const shown = found && {
        index: found.index,
        challenger: found.challenger,
        option: found.option,
        evidenceHash: found.evidenceHash,
        evidence: found.evidence,
      };
      const bytes = readFileSync(path.join(CONTRACTS_ROOT, c.image));
      const imageHash = keccak256(bytes);
      expect({ where, challenge: shown }).toEqual({
        where,
        challenge: {
          index: c.index,
          challenger: c.challenger.toLowerCase(),
          option: c.option,
          // indexed from the Challenged event: the hash the challenge carries on chain
          evidenceHash: c.evidenceHash,
          evidence: { hash: c.evidenceHash, imageHash, imageUrl: `/api/evidence/${imageHash}`, text: c.text },
        },
      });
      // The image the page shows is the seed's file, byte for byte.
      const image = await fetch(`${stack.apiUrl}/api/evidence/${imageHash}`);
      expect({ where, status: image.status, type: image.headers.get("content-type") }).toEqual({
        where,
        status: 200,
        type: "image/png",
      });
      expect(Buffer.from(await image.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  test("the cancelled market's issuer has its liquidity back: received = invested, profit 0", async () => {
    const cancelled = stack.seed.markets.find((m) => m.state === "Cancelled");
    if (!cancelled) throw new Error("the seed has no cancelled market");
    const answer = await detail(cancelled.id, cancelled.issuer.toLowerCase());
    expect(answer.market.state).toBe("Cancelled");
    const liquidity = answer.market.liquidity;
    expect(BigInt(liquidity)).toBeGreaterThan(0n);
    expect(answer.positions).toMatchObject({
      invested: liquidity,
      pendingPayoff: "0",
      payout: "0",
      refund: liquidity,
      received: liquidity,
      claimed: true,
      profit: "0",
    });
  });
});

import { Contract, Interface, parseUnits } from "ethers";
import { abis } from "@prds/contracts";
import { send } from "@prds/contracts/actions";
import { createChain } from "../src/chain/chain";
import { ERRORS } from "../src/http/errors";
import { buildServer } from "../src/http/server";
import { post, startHttpHarness, type HttpHarness } from "./helpers/http";
import { address, amount, DAY, insertMarket, setHead, txHash, u } from "./helpers/httpRows";

/**
 * The calls about one account, and those that read the chain: /api/user/info (real balances on the
 * devnet), /api/get-trans-status (real receipts), /api/config/issue (the deployed parameters).
 * An account's markets: http-user-markets.test.ts.
 */
const NOW = 1_800_000_000;
let h: HttpHarness;
let account: string;

beforeAll(async () => {
  h = await startHttpHarness("user");
  await setHead(h.db, NOW);
  account = (await h.devnet.signers[5]?.getAddress())?.toLowerCase() ?? "";
});
afterAll(async () => h?.close());

describe("/api/user/info", () => {
  test("fund list from the chain, cash and portfolio in extra.statics", async () => {
    const signer = h.devnet.signers[5];
    const deployer = h.devnet.signers[0];
    if (!signer || !deployer) throw new Error("no signers");
    await send(h.devnet.protocol.usdt, signer, "mint", account, u(1234));
    await send(h.devnet.protocol.prds, deployer, "transfer", account, u(77));
    const db = h.db;
    await db.kysely
      .insertInto("credits")
      .values({ account, balance: amount(db, u(6)), updated_at: NOW })
      .execute();
    // An open position (its value at current odds is its stake) and an unclaimed win.
    await insertMarket(db, { id: 101, now: NOW, stakes: [100, 100] });
    await insertMarket(db, {
      id: 102,
      now: NOW,
      market: { phase: "Final", result: 1, net_pool: amount(db, u(300)), winning_stake: amount(db, u(100)) },
    });
    await db.kysely
      .insertInto("positions")
      .values([
        {
          market_id: 101,
          account,
          option: 0,
          stake: amount(db, u(49)),
          fee: amount(db, u(1)),
          invested: amount(db, u(50)),
          first_time: NOW,
          last_time: NOW,
        },
        {
          market_id: 102,
          account,
          option: 1,
          stake: amount(db, u(10)),
          fee: amount(db, u(0.2)),
          invested: amount(db, u(10.2)),
          first_time: NOW,
          last_time: NOW,
        },
      ])
      .execute();
    const native = await h.devnet.provider.getBalance(account);

    for (const chainType of ["devnet", "0x7a69", "31337"]) {
      const r = await h.post<
        { symbol: string; address: string; decimals: number; balance: string }[],
        { statics: { cash: string; portfolio: string } }
      >("/api/user/info", { account, chainType });
      expect([r.status, r.body.code]).toEqual([200, 0]);
      expect(r.body.data).toEqual([
        { symbol: "BNB", address: "0x0000000000000000000000000000000000000000", decimals: 18, balance: native.toString() },
        {
          symbol: "USDT",
          address: h.devnet.protocol.addresses.DevUSDT?.toLowerCase(),
          decimals: 18,
          balance: u(1234).toString(),
        },
        { symbol: "PRDS", address: h.devnet.protocol.addresses.PRDS?.toLowerCase(), decimals: 18, balance: u(77).toString() },
      ]);
      // cash = 1234 USDT + 6 credit; portfolio = 49 at stake + 10 × 300 / 100 to claim.
      expect(r.body.extra).toEqual({ statics: { cash: u(1240).toString(), portfolio: (u(49) + u(30)).toString() } });
    }
  });

  test("another chain → 406 chainNotSupported", async () => {
    const r = await h.post("/api/user/info", { account, chainType: "bsc" });
    expect(r.status).toBe(406);
    expect(r.body).toMatchObject({
      code: ERRORS.chainNotSupported.code,
      msg: "api.error.chainNotSupported",
      extra: { field: "chainType" },
    });
  });
});

describe("/api/get-trans-status", () => {
  type Status = {
    hash: string;
    status: string;
    indexed: boolean;
    success: boolean | null;
    blockNumber: number | null;
    eventCount: number;
  };
  const status = async (hash: string) => {
    const r = await h.post<Status>("/api/get-trans-status", { hash });
    expect([r.status, r.body.code]).toEqual([200, 0]);
    return r.body.data;
  };

  test("mined but not indexed, then past the indexer's cursors, then indexed", async () => {
    const signer = h.devnet.signers[6];
    if (!signer) throw new Error("no signer");
    const receipt = await send(h.devnet.protocol.usdt, signer, "mint", await signer.getAddress(), u(1));
    const hash = receipt.hash.toLowerCase();
    expect(await status(hash)).toEqual({
      hash,
      status: "pendingIndexing",
      indexed: false,
      success: true,
      blockNumber: receipt.blockNumber,
      eventCount: 0,
    });
    // The indexer has passed that block: a transaction with nothing to index is done.
    await h.db.kysely
      .insertInto("indexer_cursors")
      .values({ contract: "Markets", next_block: receipt.blockNumber + 1, updated_at: NOW })
      .execute();
    expect(await status(hash)).toMatchObject({ status: "indexed", indexed: true, success: true });
    await h.db.kysely.deleteFrom("indexer_cursors").execute();
    // A transaction the indexer applied.
    await h.db.kysely
      .insertInto("chain_transactions")
      .values({ tx_hash: hash, block_number: receipt.blockNumber, block_time: NOW, from_address: null, event_count: 2 })
      .execute();
    expect(await status(hash.toUpperCase().replace("0X", "0x"))).toEqual({
      hash,
      status: "indexed",
      indexed: true,
      success: true,
      blockNumber: receipt.blockNumber,
      eventCount: 2,
    });
  });

  test("a reverted transaction → failed", async () => {
    const from = await h.devnet.signers[7]?.getAddress();
    const markets = new Interface(abis.Markets);
    // Mined without a gas estimate, so it reverts on chain (market 999 does not exist).
    const hash = (await h.devnet.provider
      .send("eth_sendTransaction", [
        {
          from,
          to: h.devnet.protocol.addresses.Markets,
          data: markets.encodeFunctionData("buy", [999n, 0, u(5), 0n, address(0)]),
          gas: "0x7a120",
        },
      ])
      .catch(
        (error: { data?: { txHash?: string }; error?: { data?: { txHash?: string } } }) =>
          error.data?.txHash ?? error.error?.data?.txHash,
      )) as string | undefined;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await h.devnet.provider.getTransactionReceipt(hash ?? "");
    expect(receipt?.status).toBe(0);
    expect(await status(hash ?? "")).toEqual({
      hash,
      status: "failed",
      indexed: false,
      success: false,
      blockNumber: receipt?.blockNumber,
      eventCount: 0,
    });
  });

  test("unknown to the node → pending", async () => {
    expect(await status(txHash("never sent"))).toEqual({
      hash: txHash("never sent"),
      status: "pending",
      indexed: false,
      success: null,
      blockNumber: null,
      eventCount: 0,
    });
  });

  test("a node that cannot be reached → 503 chainUnavailable, not 500", async () => {
    const dead = createChain(
      { rpcUrl: "http://127.0.0.1:9", chainId: 31337 },
      { addresses: h.devnet.protocol.roles, deploymentBlock: 0 },
    );
    const server = await buildServer({ db: h.db, chain: dead, config: h.config });
    const r = await post(server, "/api/get-trans-status", { hash: txHash("x") });
    const info = await post(server, "/api/user/info", { account, chainType: "devnet" });
    await server.close();
    dead.close();
    expect([r.status, r.body.code, info.status, info.body.code]).toEqual([
      503,
      ERRORS.chainUnavailable.code,
      503,
      ERRORS.chainUnavailable.code,
    ]);
  });
});

describe("/api/config/issue", () => {
  test("the deployed parameters, categories and pay tokens", async () => {
    const markets = new Contract(h.devnet.protocol.addresses.Markets ?? "", abis.Markets, h.devnet.provider);
    const p = await markets.getFunction("params")();
    const r = await h.post<Record<string, unknown>>("/api/config/issue", {});
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({
      chainId: 31337,
      feeBps: Number(p.feeBps),
      rewardRateBps: 10_000 - Number(p.feeBps),
      minLiquidity: String(p.minLiquidity),
      minPremium: String(p.minPremium),
      minInvest: String(p.minInvest),
      minMargin: String(p.minMargin),
      challengeStake: String(p.challengeStake),
      capacityMultiple: Number(p.capacityMultiple),
      challengeWindow: 7 * DAY,
      maxOptions: Number(p.maxOptions),
      issuesPerLicense: 10,
      categories: ["crypto", "finance", "politics", "technology", "science", "sports", "culture", "other"],
      payTokens: [{ symbol: "USDT", address: h.devnet.protocol.addresses.DevUSDT?.toLowerCase(), decimals: 18 }],
      platformToken: { symbol: "PRDS", address: h.devnet.protocol.addresses.PRDS?.toLowerCase(), decimals: 18 },
    });
    expect(r.body.data.challengeStake).toBe(parseUnits("1000", 18).toString());
  });
});

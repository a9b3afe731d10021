import { request as httpRequest } from "node:http";
import { totalmem } from "node:os";
import { Interface, dataSlice, getAddress, id as hashText, parseUnits, toBeHex } from "ethers";
import { abis } from "@prds/contracts";
import { metadataHash, optionKey } from "@prds/contracts/actions";
import type { BenchDevnet } from "./devnet";

/**
 * Fills a devnet with protocol events fast, the way a busy BSC block looks: many transactions per
 * block (a raised block gas limit), sent in parallel JSON-RPC batches with explicit nonces from many
 * impersonated, funded accounts, while the node mines on its own every `blockMs` (interval mining).
 * About half the events come from License packet sales (9–11 events per transaction, up to the
 * types' supply), the rest from position buys (with referrers) across 60 markets, after the
 * funding, Licenses and issues that make them.
 *
 * Why interval mining and not evm_mine: Hardhat 2's node (EDR) answers every evm_mine with the
 * execution trace of each transaction it mined, and that memory was never given back (measured:
 * ~0.7 MB per position buy, ~1.6 MB per packet, still held after a forced GC and even after
 * hardhat_reset), so 50k events needed more memory than the machine has and the old generator
 * stalled waiting for it. Blocks the node mines on its own timer return no trace to anyone: the
 * node's memory still grows with the chain, but less and in waves (peaks of 3–6 GB measured over
 * 50k events, partly given back as it goes; not the JS heap: capped at 1 GB, it still peaked at 4.8 GB),
 * and sending overlaps mining: 250–450 buys/s on 2 busy cores, 50k events in 1.5–2.5 min.
 */
const u = (amount: number): bigint => parseUnits(String(amount), 18);
const DAY = 86_400;

interface RpcRequest {
  method: string;
  params: unknown[];
}

interface RpcReply {
  id: number;
  result?: unknown;
  error?: { code: number; message: string };
}

/** Raw JSON-RPC over fetch: one HTTP request per batch (ethers sends one call per request). */
class Rpc {
  private nextId = 1;
  constructor(private readonly url: string) {}

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const [reply] = await this.batch([{ method, params }]);
    return reply as T;
  }

  /** Every request of the batch, in order; throws on the first error. */
  async batch(requests: readonly RpcRequest[]): Promise<unknown[]> {
    if (requests.length === 0) return [];
    const base = this.nextId;
    this.nextId += requests.length;
    const body = JSON.stringify(requests.map((r, i) => ({ jsonrpc: "2.0", id: base + i, method: r.method, params: r.params })));
    const replies = JSON.parse(await post(this.url, body)) as RpcReply[] | RpcReply;
    const list = Array.isArray(replies) ? replies : [replies];
    const byId = new Map(list.map((r) => [r.id, r]));
    return requests.map((r, i) => {
      const reply = byId.get(base + i);
      if (!reply) throw new Error(`${r.method}: no reply`);
      if (reply.error) throw new Error(`${r.method}: ${reply.error.message}`);
      return reply.result;
    });
  }
}

/**
 * One POST on a connection of its own (no keep-alive): a pooled socket the node has just closed
 * for idleness would fail a request that cannot safely be sent twice (eth_sendTransaction, evm_mine).
 */
function post(url: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

interface Tx {
  from: string;
  to: string;
  data: string;
  gas: bigint;
}

export interface GenerateOptions {
  /** Events of `watched` to reach at least. */
  targetEvents: number;
  /** The addresses whose logs count (the indexer's watched contracts). */
  watched: readonly string[];
  accounts?: number;
  markets?: number;
  /** Largest block, in gas (default 1,000,000,000: room for ~2,500 buys at their 400k gas limit). */
  blockGasLimit?: bigint;
  /** The node mines a block every this many ms (default 500). */
  blockMs?: number;
  /** Transactions sent at a time; at most two such chunks wait in the node's pool (default 2000). */
  chunk?: number;
  /**
   * Above this resident memory (MB) the generator waits for the node to free some (default: a
   * quarter of the machine's memory, at least 3000: the node's own peaks reach 3–6 GB).
   */
  nodeRssLimitMb?: number;
  progress?: (message: string) => void;
}

export interface GenerateResult {
  /** Logs of the watched contracts. */
  protocolEvents: number;
  /** Every log, token transfers and approvals included. */
  allEvents: number;
  transactions: number;
  blocks: number;
  fromBlock: number;
  toBlock: number;
  seconds: number;
}

export async function generateEvents(devnet: BenchDevnet, options: GenerateOptions): Promise<GenerateResult> {
  const started = Date.now();
  const progress = options.progress ?? (() => undefined);
  const rpc = new Rpc(devnet.url);
  const { addresses } = devnet.protocol;
  const at = (name: string): string => {
    const address = addresses[name];
    if (!address) throw new Error(`no ${name} address`);
    return address;
  };
  const marketsAddress = at("Markets");
  const usdtAddress = at("DevUSDT");
  const licenseAddress = at("License");
  const markets = new Interface(abis.Markets);
  const usdt = new Interface(abis.DevUSDT);
  const license = new Interface(abis.License);
  const accountCount = options.accounts ?? 200;
  const marketCount = options.markets ?? 60;
  const fromBlock = devnet.protocol.deploymentBlock + 1;
  const chunk = options.chunk ?? 2_000;
  const blockMs = options.blockMs ?? 500;

  // -------------------------------------------------------------- chain settings and accounts
  await rpc.call("evm_setAutomine", [false]);
  await rpc.call("evm_setIntervalMining", [0]);
  await rpc.call("evm_setBlockGasLimit", [toBeHex(options.blockGasLimit ?? 1_000_000_000n)]);
  // A zero base fee stays zero: full blocks cannot price the queued transactions out.
  await rpc.call("hardhat_setNextBlockBaseFeePerGas", ["0x0"]);

  const accounts = Array.from({ length: accountCount }, (_, i) => getAddress(dataSlice(hashText(`bench account ${i}`), 12)));
  const issuers = accounts.slice(0, Math.max(1, Math.ceil(marketCount / 10)));
  const buyers = accounts.slice(issuers.length);
  await rpc.batch(
    accounts.flatMap((a) => [
      { method: "hardhat_impersonateAccount", params: [a] },
      { method: "hardhat_setBalance", params: [a, toBeHex(10n ** 24n)] },
    ]),
  );
  const nonces = new Map<string, number>(accounts.map((a) => [a, 0]));
  // From here on the node mines by itself (see the top of this file).
  await rpc.call("evm_setIntervalMining", [blockMs]);

  let sent = 0;
  const rssLimit = options.nodeRssLimitMb ?? Math.max(3_000, Math.round(totalmem() / 4 / 2 ** 20));
  /** A safety net for a shared machine: above the limit, give the node time before sending more. */
  const pace = async (): Promise<void> => {
    const deadline = Date.now() + 60_000;
    let waited = false;
    for (let rss = devnet.rssMb(); rss !== null && rss > rssLimit && Date.now() < deadline; rss = devnet.rssMb()) {
      if (!waited) progress(`node at ${rss} MB: waiting for it to free memory`);
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  /**
   * Waits until every sender's transactions up to the given nonce are in a block. Asks only about
   * the senders still short of theirs, a few times a second: each question costs the node a state
   * read, and hundreds of them ten times a second took a fair share of its CPU.
   */
  const mined = async (upTo: ReadonlyMap<string, number>, label: string): Promise<void> => {
    let waiting = [...upTo.keys()];
    const deadline = Date.now() + 300_000;
    for (;;) {
      const counts = await rpc.batch(waiting.map((a) => ({ method: "eth_getTransactionCount", params: [a, "latest"] })));
      waiting = waiting.filter((a, i) => Number(counts[i]) < (upTo.get(a) ?? 0));
      if (waiting.length === 0) return;
      if (Date.now() > deadline) throw new Error(`${label}: transactions still pending after 300 s`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, blockMs)));
    }
  };
  /**
   * Sends `txs` with explicit nonces, `chunk` at a time in parallel JSON-RPC batches (several
   * senders at once), while the node mines: a chunk is sent as soon as the one before the previous
   * is mined, so at most two chunks wait in the pool (the node re-checks its pool on every new
   * transaction). Resolves once every transaction is in a block.
   */
  const run = async (txs: readonly Tx[], label: string, verify = false): Promise<void> => {
    const started = Date.now();
    let lastReport = started;
    const hashes: string[] = [];
    let previous: Map<string, number> | null = null;
    for (let i = 0; i < txs.length; i += chunk) {
      const upTo = new Map<string, number>();
      const requests: RpcRequest[] = txs.slice(i, i + chunk).map((tx) => {
        const nonce = nonces.get(tx.from) ?? 0;
        nonces.set(tx.from, nonce + 1);
        upTo.set(tx.from, nonce + 1);
        return {
          method: "eth_sendTransaction",
          params: [
            {
              from: tx.from,
              to: tx.to,
              data: tx.data,
              gas: toBeHex(tx.gas),
              nonce: toBeHex(nonce),
              maxFeePerGas: "0x3b9aca00",
              maxPriorityFeePerGas: "0x0",
            },
          ],
        };
      });
      const batchSize = 250;
      const parallel = 4;
      for (let j = 0; j < requests.length; j += batchSize * parallel) {
        const group: Promise<unknown[]>[] = [];
        for (let k = j; k < Math.min(requests.length, j + batchSize * parallel); k += batchSize) {
          group.push(rpc.batch(requests.slice(k, k + batchSize)));
        }
        for (const replies of await Promise.all(group)) hashes.push(...replies.map(String));
      }
      if (previous) await mined(previous, label);
      previous = upTo;
      await pace();
      const done = Math.min(txs.length, i + chunk);
      if (done < txs.length && Date.now() - lastReport >= 5_000) {
        lastReport = Date.now();
        const rate = done / Math.max(0.001, (Date.now() - started) / 1000);
        const left = (txs.length - done) / Math.max(1, rate);
        const rss = devnet.rssMb();
        progress(
          `${label}: ${done}/${txs.length} sent at ${rate.toFixed(0)}/s, ~${left.toFixed(0)} s left` +
            (rss === null ? "" : ` (node ${rss} MB)`),
        );
      }
    }
    if (previous) await mined(previous, label);
    if (verify) {
      const receipts = (await rpc.batch(hashes.map((h) => ({ method: "eth_getTransactionReceipt", params: [h] })))) as ({
        status: string;
      } | null)[];
      const failed = receipts.findIndex((r) => r?.status !== "0x1");
      if (failed >= 0) {
        const tx = txs[failed];
        let reason = "";
        try {
          await rpc.call("eth_call", [{ from: tx?.from, to: tx?.to, data: tx?.data }, "latest"]);
        } catch (error) {
          reason = error instanceof Error ? error.message : String(error);
        }
        throw new Error(`${label}: transaction ${hashes[failed]} failed ${reason}`);
      }
    }
    sent += txs.length;
    const blocks = Number(await rpc.call<string>("eth_blockNumber")) - fromBlock + 1;
    const rate = txs.length / Math.max(0.001, (Date.now() - started) / 1000);
    progress(`${label}: ${txs.length} transactions at ${rate.toFixed(0)}/s (${sent} in all, ${blocks} blocks so far)`);
  };

  // -------------------------------------------------------------- funding, Licenses, markets
  const usdtEach = u(10_000_000);
  await run(
    accounts.flatMap((a) => [
      { from: a, to: usdtAddress, data: usdt.encodeFunctionData("mint", [a, usdtEach]), gas: 100_000n },
      { from: a, to: usdtAddress, data: usdt.encodeFunctionData("approve", [marketsAddress, 2n ** 256n - 1n]), gas: 100_000n },
      { from: a, to: usdtAddress, data: usdt.encodeFunctionData("approve", [licenseAddress, 2n ** 256n - 1n]), gas: 100_000n },
    ]),
    "fund accounts",
    true,
  );
  // Each issuer buys one common License: 10 issues each. Ids come from the LicenseMinted logs (the
  // order of transactions inside a block is the node's).
  const mintedFrom = Number(await rpc.call<string>("eth_blockNumber")) + 1;
  await run(
    issuers.map((issuer) => ({ from: issuer, to: licenseAddress, data: license.encodeFunctionData("buy", [0]), gas: 400_000n })),
    "issuers buy Licenses",
    true,
  );
  const licenseOf = new Map<string, bigint>();
  const minted = await rpc.call<{ topics: string[]; data: string }[]>("eth_getLogs", [
    { fromBlock: toBeHex(mintedFrom), toBlock: "latest", address: licenseAddress },
  ]);
  for (const log of minted) {
    const parsed = license.parseLog(log);
    if (parsed?.name === "LicenseMinted") licenseOf.set(getAddress(String(parsed.args.buyer)), BigInt(parsed.args.tokenId));
  }
  if (licenseOf.size !== issuers.length) throw new Error(`expected ${issuers.length} Licenses minted, found ${licenseOf.size}`);
  const now = await devnet.latestTimestamp();
  const marketOptions: number[] = [];
  const issues: Tx[] = [];
  for (let m = 0; m < marketCount; m++) {
    const issuer = issuers[Math.floor(m / 10)] ?? issuers[0];
    if (!issuer) throw new Error("no issuer");
    const options = m % 5 === 0 ? ["Cut", "Hold", "Raise"] : m % 7 === 0 ? ["A", "B", "C", "D"] : ["Yes", "No"];
    const event = `Bench market ${m}: will the figure be published on time?`;
    const category = ["crypto", "finance", "politics", "technology", "science", "sports", "culture", "other"][m % 8] ?? "other";
    marketOptions.push(options.length);
    issues.push({
      from: issuer,
      to: marketsAddress,
      data: markets.encodeFunctionData("issue", [
        {
          licenseId: licenseOf.get(issuer) ?? 0n,
          metadataHash: metadataHash({ event, category, options }),
          options: options.map(optionKey),
          lastTradingTime: now + 60 * DAY,
          expirationTime: now + 61 * DAY,
          liquidity: u(500),
          margin: u(100_000),
          stakeLicense: false,
        },
      ]),
      gas: 1_000_000n,
    });
  }
  await run(issues, "issue markets", true);
  const firstMarket = Number(await devnet.protocol.markets.getFunction("marketCount")()) - marketCount + 1;

  // -------------------------------------------------------------- the bulk: position buys
  // One Bought per buy, plus a ReferrerBound for each buyer's first referred buy.
  let buyIndex = 0;
  const referred = new Set<string>();
  const buyGas = 400_000n;
  let counted = fromBlock - 1;
  let protocolEvents = 0;
  const countNew = async (): Promise<void> => {
    const head = Number(await rpc.call<string>("eth_blockNumber"));
    protocolEvents += await countLogs(rpc, counted + 1, head, options.watched);
    counted = head;
  };
  await countNew();
  progress(`${protocolEvents} protocol events so far`);

  // -------------------------------------------------------------- License packets
  // Primary sales, the densest in events: a packet of five common Licenses logs 11 (LicenseMinted
  // and Transfer per License, PacketSold), one of three common + one scarcity 9. Common supply
  // (10,000) and scarcity supply (1,000) bound them; the issuers' Licenses came out of it already.
  const packets: Tx[] = [];
  const scarcityLeft = 1_000 - Number(await devnet.protocol.license.getFunction("mintedOfType")(1));
  let commonLeft = 10_000 - Number(await devnet.protocol.license.getFunction("mintedOfType")(0));
  const packetBudget = Math.floor((options.targetEvents - protocolEvents) / 2);
  let packetEvents = 0;
  for (let i = 0; i < scarcityLeft && commonLeft >= 3 && packetEvents < packetBudget; i++, commonLeft -= 3, packetEvents += 9) {
    const buyer = buyers[i % buyers.length] ?? buyers[0] ?? "";
    packets.push({ from: buyer, to: licenseAddress, data: license.encodeFunctionData("buyPacket", [1]), gas: 1_500_000n });
  }
  for (let i = 0; commonLeft >= 5 && packetEvents < packetBudget; i++, commonLeft -= 5, packetEvents += 11) {
    const buyer = buyers[(i * 7) % buyers.length] ?? buyers[0] ?? "";
    packets.push({ from: buyer, to: licenseAddress, data: license.encodeFunctionData("buyPacket", [0]), gas: 1_500_000n });
  }
  await run(packets, "License packets");
  await countNew();
  progress(`${protocolEvents} protocol events so far`);

  while (protocolEvents < options.targetEvents) {
    const txs: Tx[] = [];
    // One Bought each, and a ReferrerBound with a buyer's first referred buy: as many as the target
    // still needs, sent as one run so sending overlaps mining throughout.
    for (let wanted = options.targetEvents - protocolEvents; wanted > 0; buyIndex++) {
      const buyer = buyers[(buyIndex * 7919) % buyers.length];
      if (!buyer) throw new Error("no buyer");
      const m = (buyIndex * 31) % marketCount;
      const option = (buyIndex * 13) % (marketOptions[m] ?? 2);
      const amount = u(1 + ((buyIndex * 37) % 50));
      let referrer = "0x0000000000000000000000000000000000000000";
      if (!referred.has(buyer) && buyIndex % 3 === 0) {
        const candidate = buyers[(buyIndex * 104_729 + 1) % buyers.length];
        if (candidate && candidate !== buyer) {
          referrer = candidate;
          referred.add(buyer);
          wanted--;
        }
      }
      wanted--;
      txs.push({
        from: buyer,
        to: marketsAddress,
        data: markets.encodeFunctionData("buy", [BigInt(firstMarket + m), option, amount, 0n, referrer]),
        gas: buyGas,
      });
    }
    await run(txs, "buys");
    await countNew();
    progress(`${protocolEvents} protocol events so far`);
  }
  await rpc.call("evm_setIntervalMining", [0]);
  await rpc.call("evm_setAutomine", [true]);
  const toBlock = Number(await rpc.call<string>("eth_blockNumber"));
  const allEvents = await countLogs(rpc, fromBlock, toBlock, Object.values(addresses));
  return {
    protocolEvents,
    allEvents,
    transactions: sent,
    blocks: toBlock - fromBlock + 1,
    fromBlock,
    toBlock,
    seconds: (Date.now() - started) / 1000,
  };
}

async function countLogs(rpc: Rpc, fromBlock: number, toBlock: number, address: readonly string[]): Promise<number> {
  if (toBlock < fromBlock) return 0;
  const logs = await rpc.call<unknown[]>("eth_getLogs", [{ fromBlock: toBeHex(fromBlock), toBlock: toBeHex(toBlock), address }]);
  return logs.length;
}

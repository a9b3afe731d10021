import {
  MaxUint256,
  ZeroAddress,
  keccak256,
  toUtf8Bytes,
  type Contract,
  type ContractTransactionResponse,
  type Signer,
} from "ethers";
import { enums } from "@prds/contracts";
import { fundUsdt, metadataHash, optionKey, send, type LicenseTypeId } from "@prds/contracts/actions";
import type { Protocol } from "@prds/contracts/deploy";
import type { Devnet } from "./devnet";
import { u, TINY_PNG, type MarketStateName, type Tx, type ApiClient } from "./protocolBase";
import { DEFAULT_ROUTES, lower, num, stateName } from "./protocolTypes";
import type {
  ChallengeOnChain,
  DriverRoutes,
  IssueRequest,
  LicenseOnChain,
  MarketMetadataInput,
  MarketOnChain,
} from "./protocolTypes";

/**
 * A scenario driver over a devnet: every protocol action a user takes (Licenses, marketplace,
 * markets, disputes, claims), through the real contracts with @prds/contracts/actions, plus the two
 * steps that go through the api first (market metadata → hash, challenge evidence → hash). The
 * contracts' views are the oracle the integration suites compare the api's answers against.
 */

export class ProtocolDriver {
  readonly c: Protocol;
  /** Named accounts, the seed's cast: #0 deployer (treasury, PRDS holder). */
  readonly deployer: Signer;
  readonly alice: Signer;
  readonly bob: Signer;
  readonly carol: Signer;
  readonly dave: Signer;
  readonly erin: Signer;
  readonly buyers: Signer[];
  readonly voters: Signer[];
  private readonly addresses = new Map<Signer, string>();
  private readonly marketplaceApproved = new Set<string>();
  private readonly prdsApproved = new Set<string>();

  constructor(
    readonly devnet: Devnet,
    readonly api: ApiClient,
    readonly routes: DriverRoutes = DEFAULT_ROUTES,
  ) {
    this.c = devnet.protocol;
    const s = devnet.signers;
    const at = (i: number): Signer => {
      const signer = s[i];
      if (!signer) throw new Error(`the devnet has no account #${i}`);
      return signer;
    };
    this.deployer = at(0);
    this.alice = at(1);
    this.bob = at(2);
    this.carol = at(3);
    this.dave = at(4);
    this.erin = at(5);
    this.buyers = [6, 7, 8, 9, 10, 11].map(at);
    this.voters = [12, 13, 14].map(at);
    s.forEach((signer) => this.addresses.set(signer, lower(signer.address)));
  }

  /** The signer's address, lowercase (as the api answers addresses). */
  addr(signer: Signer): string {
    const address = this.addresses.get(signer);
    if (!address) throw new Error("unknown signer");
    return address;
  }

  buyer(i: number): Signer {
    const signer = this.buyers[i];
    if (!signer) throw new Error(`no buyer #${i}`);
    return signer;
  }

  voter(i: number): Signer {
    const signer = this.voters[i];
    if (!signer) throw new Error(`no voter #${i}`);
    return signer;
  }

  // ---------------------------------------------------------------- time and blocks

  now(): Promise<number> {
    return this.devnet.latestTimestamp();
  }

  async blockNumber(): Promise<number> {
    return this.devnet.provider.getBlockNumber();
  }

  /** Mines one block at `timestamp` (never backwards). */
  async setTime(timestamp: number): Promise<void> {
    const now = await this.now();
    if (timestamp <= now) throw new Error(`setTime(${timestamp}) is not after the chain's ${now}`);
    await this.devnet.provider.send("evm_setNextBlockTimestamp", [timestamp]);
    await this.devnet.mine();
  }

  increaseTime(seconds: number): Promise<void> {
    return this.devnet.increaseTime(seconds);
  }

  // ---------------------------------------------------------------- transactions

  /** Sends and waits; the receipt as a Tx. */
  async tx(contract: Contract, signer: Signer, method: string, ...args: unknown[]): Promise<Tx> {
    const receipt = await send(contract, signer, method, ...args);
    return { hash: lower(receipt.hash), blockNumber: receipt.blockNumber, status: receipt.status ?? 0 };
  }

  /**
   * Sends a call that reverts with an explicit gas limit (so no gas estimate refuses it first): the
   * node mines it with status 0. For get-trans-status's failure answer.
   */
  async revertedTx(contract: Contract, signer: Signer, method: string, ...args: unknown[]): Promise<Tx> {
    let hash: string;
    try {
      const response = (await contract
        .connect(signer)
        .getFunction(method)
        .send(...args, { gasLimit: 1_000_000n })) as ContractTransactionResponse;
      hash = response.hash;
    } catch (error) {
      // Hardhat mines the failing transaction, then answers eth_sendTransaction with the revert
      // (its error data carries the mined transaction's hash).
      const found = /"txHash":\s*"(0x[0-9a-fA-F]{64})"/.exec(
        JSON.stringify(error, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)),
      );
      if (!found?.[1]) throw error;
      hash = found[1];
    }
    const receipt = await this.devnet.provider.waitForTransaction(hash, 1, 30_000);
    if (!receipt) throw new Error(`${method}: no receipt for ${hash}`);
    if (receipt.status !== 0) throw new Error(`${method} was expected to revert but succeeded (${hash})`);
    return { hash: lower(hash), blockNumber: receipt.blockNumber, status: 0 };
  }

  // ---------------------------------------------------------------- Licenses and the marketplace

  async buyLicense(buyer: Signer, type: LicenseTypeId): Promise<{ tokenId: bigint; tx: Tx }> {
    const license = this.c.license;
    const price = (await license.getFunction("typePrice")(type)) as bigint;
    await fundUsdt(this.c.usdt, buyer, price, await license.getAddress());
    const tokenId = (await license.connect(buyer).getFunction("buy").staticCall(type)) as bigint;
    const tx = await this.tx(license, buyer, "buy", type);
    return { tokenId, tx };
  }

  async buyPacket(buyer: Signer, packetId: number): Promise<{ tokenIds: bigint[]; tx: Tx; price: bigint }> {
    const license = this.c.license;
    const packet = (await license.getFunction("packet")(packetId)) as { counts: bigint[]; price: bigint };
    await fundUsdt(this.c.usdt, buyer, packet.price, await license.getAddress());
    const first = (await license.connect(buyer).getFunction("buyPacket").staticCall(packetId)) as bigint;
    const tx = await this.tx(license, buyer, "buyPacket", packetId);
    const size = packet.counts.reduce((sum, n) => sum + BigInt(n), 0n);
    return { tokenIds: Array.from({ length: Number(size) }, (_, i) => first + BigInt(i)), tx, price: packet.price };
  }

  private async approveMarketplace(owner: Signer): Promise<void> {
    const address = this.addr(owner);
    if (this.marketplaceApproved.has(address)) return;
    await send(this.c.license, owner, "setApprovalForAll", await this.c.marketplace.getAddress(), true);
    this.marketplaceApproved.add(address);
  }

  async listForSale(owner: Signer, tokenId: bigint, price: bigint): Promise<Tx> {
    await this.approveMarketplace(owner);
    return this.tx(this.c.marketplace, owner, "listForSale", tokenId, price);
  }

  cancelSale(owner: Signer, tokenId: bigint): Promise<Tx> {
    return this.tx(this.c.marketplace, owner, "cancelSale", tokenId);
  }

  /** Buys a listed License at its listed price (funding the buyer first). */
  async buyListed(buyer: Signer, tokenId: bigint): Promise<{ tx: Tx; price: bigint }> {
    const listing = (await this.c.marketplace.getFunction("saleListing")(tokenId)) as { seller: string; price: bigint };
    await fundUsdt(this.c.usdt, buyer, listing.price, await this.c.marketplace.getAddress());
    const tx = await this.tx(this.c.marketplace, buyer, "buy", tokenId, listing.price);
    return { tx, price: listing.price };
  }

  async listForRent(owner: Signer, tokenId: bigint, pricePerDay: bigint, maxDays: number, maxIssues: number): Promise<Tx> {
    await this.approveMarketplace(owner);
    return this.tx(this.c.marketplace, owner, "listForRent", tokenId, pricePerDay, maxDays, maxIssues);
  }

  cancelRentListing(owner: Signer, tokenId: bigint): Promise<Tx> {
    return this.tx(this.c.marketplace, owner, "cancelRentListing", tokenId);
  }

  async rent(renter: Signer, tokenId: bigint, days: number): Promise<{ tx: Tx; cost: bigint; expires: number }> {
    const listing = (await this.c.marketplace.getFunction("rentListing")(tokenId)) as { pricePerDay: bigint };
    const cost = listing.pricePerDay * BigInt(days);
    await fundUsdt(this.c.usdt, renter, cost, await this.c.marketplace.getAddress());
    const tx = await this.tx(this.c.marketplace, renter, "rent", tokenId, days, listing.pricePerDay);
    const expires = Number(await this.c.license.getFunction("userExpires")(tokenId));
    return { tx, cost, expires };
  }

  // ---------------------------------------------------------------- the api steps before a transaction

  /** POST submit-underlying; asserts the api answers the hash the chain will carry. */
  async submitMetadata(metadata: MarketMetadataInput): Promise<string> {
    const body = {
      event: metadata.event,
      category: metadata.category,
      options: metadata.options,
      description: metadata.description ?? `Resolves on the official result of: ${metadata.event}`,
      resolutionSource: metadata.resolutionSource ?? "Official announcement",
      url: metadata.url ?? "https://example.org/source",
      ...(metadata.content ? { content: metadata.content } : {}),
      ...(metadata.language ? { language: metadata.language } : {}),
    };
    const data = await this.api.ok<{ hash: string | null; status: string }>(this.routes.submitUnderlying, body);
    const expected = metadataHash(body);
    if (data.status !== "approved" || data.hash !== expected) {
      throw new Error(`submit-underlying answered ${JSON.stringify(data)}, expected approved ${expected}`);
    }
    return data.hash;
  }

  /**
   * Uploads a challenge's evidence (image + text) through the api; returns the hash that goes on
   * chain, checked against its definition: keccak256(JSON {image: keccak256(bytes), text}).
   */
  async uploadEvidence(text: string, image: Uint8Array = TINY_PNG): Promise<string> {
    const answer = await this.api.upload<{ evidenceHash: string; imageHash: string | null; text: string }>(
      this.routes.evidenceUpload,
      { text },
      { field: "image", filename: "evidence.png", type: "image/png", bytes: image },
    );
    if (answer.status !== 200 || answer.body.code !== 0) {
      throw new Error(`evidence upload → HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    const imageHash = keccak256(image);
    const expected = keccak256(toUtf8Bytes(JSON.stringify({ image: imageHash, text })));
    const data = answer.body.data;
    if (data.imageHash !== imageHash || data.evidenceHash !== expected) {
      throw new Error(`evidence upload answered ${JSON.stringify(data)}, expected image ${imageHash}, evidence ${expected}`);
    }
    return data.evidenceHash;
  }

  // ---------------------------------------------------------------- markets

  /** Submits the metadata through the api, then issues with that hash; funds liquidity and margin. */
  async issue(issuer: Signer, request: IssueRequest): Promise<{ id: bigint; tx: Tx; metadataHash: string }> {
    const hash = await this.submitMetadata(request.metadata);
    const liquidity = request.liquidity ?? u(200);
    const margin = request.margin ?? u(300);
    const markets = this.c.markets;
    const marketsAddress = await markets.getAddress();
    await fundUsdt(this.c.usdt, issuer, liquidity + margin, marketsAddress);
    if (request.stakeLicense) await send(this.c.license, issuer, "approve", marketsAddress, request.licenseId);
    const params = {
      licenseId: request.licenseId,
      metadataHash: hash,
      options: request.metadata.options.map(optionKey),
      lastTradingTime: request.lastTradingTime,
      expirationTime: request.expirationTime,
      liquidity,
      margin,
      stakeLicense: request.stakeLicense ?? false,
    };
    const id = (await markets.connect(issuer).getFunction("issue").staticCall(params)) as bigint;
    const tx = await this.tx(markets, issuer, "issue", params);
    return { id, tx, metadataHash: hash };
  }

  /** Buys `amount` (fee included) of `option`, funding the buyer first. */
  async buy(buyer: Signer, id: bigint, option: number, amount: bigint, referrer?: Signer): Promise<Tx> {
    await fundUsdt(this.c.usdt, buyer, amount, await this.c.markets.getAddress());
    return this.tx(this.c.markets, buyer, "buy", id, option, amount, 0, referrer ? this.addr(referrer) : ZeroAddress);
  }

  confirm(issuer: Signer, id: bigint, option: number): Promise<Tx> {
    return this.tx(this.c.markets, issuer, "confirm", id, option);
  }

  confirmEarly(issuer: Signer, id: bigint, option: number, knownAt: number): Promise<Tx> {
    return this.tx(this.c.markets, issuer, "confirmEarly", id, option, knownAt);
  }

  cancel(issuer: Signer, id: bigint): Promise<Tx> {
    return this.tx(this.c.markets, issuer, "cancel", id);
  }

  /** Gives `to` PRDS from the deployer (self-delegated on receipt: voting power) and approves Markets. */
  async fundPrds(to: Signer, amount: bigint): Promise<void> {
    await send(this.c.prds, this.deployer, "transfer", this.addr(to), amount);
    const address = this.addr(to);
    if (!this.prdsApproved.has(address)) {
      await send(this.c.prds, to, "approve", await this.c.markets.getAddress(), MaxUint256);
      this.prdsApproved.add(address);
    }
  }

  /** Uploads the evidence through the api, then challenges with its hash (the stake must be funded). */
  async challenge(
    challenger: Signer,
    id: bigint,
    option: number,
    evidenceText: string,
    knownAt = 0,
  ): Promise<{ tx: Tx; evidenceHash: string }> {
    const evidenceHash = await this.uploadEvidence(evidenceText);
    const tx = await this.tx(this.c.markets, challenger, "challenge", id, option, knownAt, evidenceHash);
    return { tx, evidenceHash };
  }

  concede(issuer: Signer, id: bigint): Promise<Tx> {
    return this.tx(this.c.markets, issuer, "concede", id);
  }

  appeal(issuer: Signer, id: bigint): Promise<Tx> {
    return this.tx(this.c.markets, issuer, "appeal", id);
  }

  vote(voter: Signer, id: bigint, choice: number): Promise<Tx> {
    return this.tx(this.c.markets, voter, "vote", id, choice);
  }

  advance(caller: Signer, id: bigint): Promise<Tx> {
    return this.tx(this.c.markets, caller, "advance", id);
  }

  /** Markets.claim(id, account) sent by `caller` (anyone may; the funds go to `account`). */
  claim(caller: Signer, id: bigint, account: Signer = caller): Promise<Tx> {
    return this.tx(this.c.markets, caller, "claim", id, this.addr(account));
  }

  claimReferral(referrer: Signer, id: bigint): Promise<Tx> {
    return this.tx(this.c.markets, referrer, "claimReferral", id);
  }

  claimCompensation(caller: Signer, id: bigint, index: number): Promise<Tx> {
    return this.tx(this.c.markets, caller, "claimCompensation", id, index);
  }

  claimVoterReward(voter: Signer, id: bigint): Promise<Tx> {
    return this.tx(this.c.markets, voter, "claimVoterReward", id);
  }

  withdraw(account: Signer, amount: bigint): Promise<Tx> {
    return this.tx(this.c.markets, account, "withdraw", amount);
  }

  /** The free PRDS claim (Claim.claim), for an account that bought a position. */
  claimPrds(account: Signer): Promise<Tx> {
    return this.tx(this.c.claim, account, "claim");
  }

  // ---------------------------------------------------------------- the oracle: contract views

  async market(id: bigint): Promise<MarketOnChain> {
    const m = await this.c.markets.getFunction("getMarket")(id);
    return {
      issuer: lower(String(m.issuer)),
      state: stateName(enums.IMarketsTypes.MarketState, m.state),
      optionCount: num(m.optionCount),
      createdAt: num(m.createdAt),
      lastTradingTime: num(m.lastTradingTime),
      expirationTime: num(m.expirationTime),
      licenseId: BigInt(m.licenseId),
      licenseStaked: Boolean(m.licenseStaked),
      licenseValue: BigInt(m.licenseValue),
      margin: BigInt(m.margin),
      liquidity: BigInt(m.liquidity),
      pool: BigInt(m.pool),
      feeTotal: BigInt(m.feeTotal),
      capacity: BigInt(m.capacity),
      result: num(m.result),
      early: Boolean(m.early),
      knownAt: num(m.knownAt),
      confirmedAt: num(m.confirmedAt),
      windowEnd: num(m.windowEnd),
      netPool: BigInt(m.netPool),
      winningStake: BigInt(m.winningStake),
      metadataHash: lower(String(m.metadataHash)),
    };
  }

  async marketState(id: bigint): Promise<MarketStateName> {
    return stateName(enums.IMarketsTypes.MarketState, await this.c.markets.getFunction("marketState")(id));
  }

  async optionStakes(id: bigint): Promise<bigint[]> {
    const stakes = (await this.c.markets.getFunction("optionStakes")(id)) as bigint[];
    return stakes.map((s) => BigInt(s));
  }

  async positionOf(id: bigint, account: Signer, option: number): Promise<{ stake: bigint; fee: bigint }> {
    const p = await this.c.markets.getFunction("positionOf")(id, this.addr(account), option);
    return { stake: BigInt(p.stake), fee: BigInt(p.fee) };
  }

  async challenges(id: bigint): Promise<ChallengeOnChain[]> {
    const list = (await this.c.markets.getFunction("challengesOf")(id)) as Record<string, unknown>[];
    return list.map((c) => ({
      challenger: lower(String(c.challenger)),
      knownAt: num(c.knownAt),
      option: num(c.option),
      status: stateName(enums.IMarketsTypes.ChallengeStatus, c.status),
      compensationClaimed: Boolean(c.compensationClaimed),
      evidenceHash: lower(String(c.evidenceHash)),
      stake: BigInt(c.stake as bigint),
      compensation: BigInt(c.compensation as bigint),
    }));
  }

  async dispute(id: bigint): Promise<{
    kind: number;
    candidates: number;
    voteEnd: number;
    responseEnd: number;
    winningChoice: number;
    totalVotes: bigint;
  }> {
    const d = await this.c.markets.getFunction("disputeOf")(id);
    return {
      kind: num(d.kind),
      candidates: num(d.candidates),
      voteEnd: num(d.voteEnd),
      responseEnd: num(d.responseEnd),
      winningChoice: num(d.winningChoice),
      totalVotes: BigInt(d.totalVotes),
    };
  }

  async creditOf(account: Signer): Promise<bigint> {
    return BigInt(await this.c.markets.getFunction("creditOf")(this.addr(account)));
  }

  async referralOwed(id: bigint, referrer: Signer): Promise<bigint> {
    return BigInt(await this.c.markets.getFunction("referralOwed")(id, this.addr(referrer)));
  }

  async usdtBalance(account: Signer | string): Promise<bigint> {
    const address = typeof account === "string" ? account : this.addr(account);
    return BigInt(await this.c.usdt.getFunction("balanceOf")(address));
  }

  async prdsBalance(account: Signer | string): Promise<bigint> {
    const address = typeof account === "string" ? account : this.addr(account);
    return BigInt(await this.c.prds.getFunction("balanceOf")(address));
  }

  async license(tokenId: bigint): Promise<LicenseOnChain> {
    const [info, holder, owner, state, user, userExpires, sale, rent] = await Promise.all([
      this.c.license.getFunction("info")(tokenId),
      this.c.license.getFunction("ownerOf")(tokenId) as Promise<string>,
      this.c.marketplace.getFunction("realOwnerOf")(tokenId) as Promise<string>,
      this.c.marketplace.getFunction("stateOf")(tokenId),
      this.c.license.getFunction("userOf")(tokenId) as Promise<string>,
      this.c.license.getFunction("userExpires")(tokenId),
      this.c.marketplace.getFunction("saleListing")(tokenId),
      this.c.marketplace.getFunction("rentListing")(tokenId),
    ]);
    return {
      tokenId,
      licenseType: stateName(enums.ILicense.LicenseType, info.licenseType),
      number: num(info.number),
      availableTimes: num(info.availableTimes),
      tradable: Boolean(info.tradable),
      rentable: Boolean(info.rentable),
      usable: Boolean(info.usable),
      holder: lower(holder),
      owner: lower(owner),
      state: stateName(enums.LicenseMarketplace.LicenseState, state),
      user: user === ZeroAddress ? null : lower(user),
      userExpires: num(userExpires),
      salePrice: String(sale.seller) === ZeroAddress ? null : BigInt(sale.price),
      rent:
        String(rent.owner) === ZeroAddress
          ? null
          : { pricePerDay: BigInt(rent.pricePerDay), maxDays: num(rent.maxDays), maxIssues: num(rent.maxIssues) },
    };
  }

  /** Total of every option's stake (= getMarket.pool while trading). */
  static sum(values: readonly bigint[]): bigint {
    return values.reduce((total, v) => total + v, 0n);
  }
}

import { MaxUint256, type Contract, type ContractTransactionReceipt, type Signer } from "ethers";
import type { MarketMetadataInput } from "../src/metadata";
import { metadataHash, optionKey } from "../src/metadataHash";

/** Sends `method` on `contract` as `signer` and waits for it to be mined. */
export async function send(
  contract: Contract,
  signer: Signer,
  method: string,
  ...args: unknown[]
): Promise<ContractTransactionReceipt> {
  const tx = await contract.connect(signer).getFunction(method)(...args);
  const receipt = (await tx.wait()) as ContractTransactionReceipt | null;
  if (!receipt) throw new Error(`${method}: no receipt`);
  return receipt;
}

/** Mints devnet USDT to `signer` and approves `spender` for everything (the app approves uint256 max too). */
export async function fundUsdt(usdt: Contract, signer: Signer, amount: bigint, spender?: string): Promise<void> {
  const address = await signer.getAddress();
  await send(usdt, signer, "mint", address, amount);
  if (spender && (await usdt.getFunction("allowance")(address, spender)) < amount) {
    await send(usdt, signer, "approve", spender, MaxUint256);
  }
}

export const LicenseType = { Common: 0, Scarcity: 1, Attributive: 2 } as const;
export type LicenseTypeId = (typeof LicenseType)[keyof typeof LicenseType];

/** Buys one License of `type` at its price; returns its token id. */
export async function buyLicense(license: Contract, usdt: Contract, buyer: Signer, type: LicenseTypeId): Promise<bigint> {
  const price = (await license.getFunction("typePrice")(type)) as bigint;
  await fundUsdt(usdt, buyer, price, await license.getAddress());
  const tokenId = (await license.connect(buyer).getFunction("buy").staticCall(type)) as bigint;
  await send(license, buyer, "buy", type);
  return tokenId;
}

/** Buys packet `packetId`; returns its token ids. */
export async function buyPacket(license: Contract, usdt: Contract, buyer: Signer, packetId: number): Promise<bigint[]> {
  const packet = (await license.getFunction("packet")(packetId)) as { counts: bigint[]; price: bigint };
  await fundUsdt(usdt, buyer, packet.price, await license.getAddress());
  const first = (await license.connect(buyer).getFunction("buyPacket").staticCall(packetId)) as bigint;
  await send(license, buyer, "buyPacket", packetId);
  const size = packet.counts.reduce((sum, n) => sum + n, 0n);
  return Array.from({ length: Number(size) }, (_, i) => first + BigInt(i));
}

// One hash for the seed, the api and the tests: every field a market page shows, normalized.
export { metadataHash, optionKey };

export interface IssueInput extends MarketMetadataInput {
  licenseId: bigint;
  lastTradingTime: number;
  expirationTime: number;
  liquidity: bigint;
  margin: bigint;
  stakeLicense?: boolean;
}

/** Issues a market, funding the issuer's liquidity and margin; returns the market id. */
export async function issueMarket(
  markets: Contract,
  usdt: Contract,
  license: Contract,
  issuer: Signer,
  input: IssueInput,
): Promise<{ id: bigint; metadataHash: string }> {
  const marketsAddress = await markets.getAddress();
  await fundUsdt(usdt, issuer, input.liquidity + input.margin, marketsAddress);
  if (input.stakeLicense) await send(license, issuer, "approve", marketsAddress, input.licenseId);
  const params = {
    licenseId: input.licenseId,
    metadataHash: metadataHash(input),
    options: input.options.map(optionKey),
    lastTradingTime: input.lastTradingTime,
    expirationTime: input.expirationTime,
    liquidity: input.liquidity,
    margin: input.margin,
    stakeLicense: input.stakeLicense ?? false,
  };
  const id = (await markets.connect(issuer).getFunction("issue").staticCall(params)) as bigint;
  await send(markets, issuer, "issue", params);
  return { id, metadataHash: params.metadataHash };
}

/** Buys `amount` of `option` in market `id` (fee included), funding the buyer first. */
export async function buyPosition(
  markets: Contract,
  usdt: Contract,
  buyer: Signer,
  id: bigint,
  option: number,
  amount: bigint,
  referrer = "0x0000000000000000000000000000000000000000",
): Promise<void> {
  await fundUsdt(usdt, buyer, amount, await markets.getAddress());
  await send(markets, buyer, "buy", id, option, amount, 0, referrer);
}

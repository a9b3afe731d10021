// A market's whole life driven from the test process on a private devnet (support/ownStack.ts): an
// issuer with a License issues it (metadata submitted to the private api first), PRDS for challengers
// and voters, buys, the devnet clock moved past a deadline, and the reads that check the end result.
// Every call is bounded; accounts are fresh (never the seed's) except the deployer, which holds the
// PRDS supply and hands it out.
import type { Signer, Wallet } from 'ethers';
import { enums } from '@prds/contracts';
import { LicenseType, buyLicense, buyPosition, issueMarket, send } from '@prds/contracts/actions';
import { Devnet } from './chain';

/** Calls on the private stack get longer: it shares the machine with the suite's own. */
const CALL_TIMEOUT_MS = 30_000;

export type MarketStateName = (typeof enums.IMarketsTypes.MarketState)[number];
export type ChallengeStatusName = (typeof enums.IMarketsTypes.ChallengeStatus)[number];

export interface NewMarket {
  event: string;
  category: string;
  options: readonly string[];
  description: string;
  resolutionSource: string;
  url?: string;
  content?: string;
  /** Seconds from the chain's now. */
  tradingFor: number;
  expiresAfter: number;
  liquidity: bigint;
  margin: bigint;
}

export interface IssuedMarket {
  id: bigint;
  metadataHash: string;
  lastTradingTime: number;
  expirationTime: number;
}

interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data: T;
  extra: { now?: number; message?: string } | null;
}

/** The devnet and api of one private stack, as the test process sees them. */
export class ResolutionChain extends Devnet {
  constructor(
    devnetUrl: string,
    readonly apiUrl: string,
  ) {
    super(devnetUrl, CALL_TIMEOUT_MS);
  }

  /** The node's account #0: deployed the protocol and holds the PRDS supply the seed did not give away. */
  async deployer(): Promise<Signer> {
    const [first] = (await this.provider.send('eth_accounts', [])) as string[];
    if (!first) throw new Error('the private devnet has no unlocked account');
    return this.provider.getSigner(first);
  }

  /** PRDS from the deployer (voting power counts from the next block: self-delegated on receipt). */
  async grantPrds(to: string, amount: bigint): Promise<void> {
    const deployer = await this.deployer();
    await this.call('PRDS.transfer', () => send(this.prds(), deployer, 'transfer', to, amount));
  }

  async prdsTotalSupply(): Promise<bigint> {
    return this.call('PRDS.totalSupply', () => this.prds().getFunction('totalSupply')() as Promise<bigint>);
  }

  // -------------------------------------------------------------- a market's life

  /** Submits the market's texts to the private api (so it lists it) and checks the hash is approved. */
  async submitMetadata(
    market: Pick<NewMarket, 'event' | 'category' | 'options' | 'description' | 'resolutionSource' | 'url' | 'content'>,
  ): Promise<string> {
    const answer = await this.api<{ status: string; hash: string | null; reason: string | null }>(
      '/api/issue/submit-underlying',
      {
        event: market.event,
        category: market.category,
        options: [...market.options],
        description: market.description,
        resolutionSource: market.resolutionSource,
        ...(market.url === undefined ? {} : { url: market.url }),
        ...(market.content === undefined ? {} : { content: market.content }),
        language: 'en',
      },
    );
    if (answer.code !== 0) throw new Error(`submit-underlying refused: ${answer.msg} ${JSON.stringify(answer.extra)}`);
    if (answer.data.status !== 'approved' || !answer.data.hash) {
      throw new Error(`submit-underlying: ${answer.data.status} (${answer.data.reason}); pick texts moderation lets through`);
    }
    return answer.data.hash;
  }

  /** The issuer buys a Common License and issues `market` with it (metadata submitted first). */
  async issue(issuer: Wallet, market: NewMarket): Promise<IssuedMarket> {
    const hash = await this.submitMetadata(market);
    const licenseId = await this.call('License.buy', () => buyLicense(this.license(), this.usdt(), issuer, LicenseType.Common));
    const now = await this.now();
    const lastTradingTime = now + market.tradingFor;
    const expirationTime = now + market.expiresAfter;
    const { id, metadataHash } = await this.call('Markets.issue', () =>
      issueMarket(this.markets(), this.usdt(), this.license(), issuer, {
        licenseId,
        event: market.event,
        category: market.category,
        options: market.options,
        description: market.description,
        resolutionSource: market.resolutionSource,
        url: market.url,
        content: market.content,
        lastTradingTime,
        expirationTime,
        liquidity: market.liquidity,
        margin: market.margin,
      }),
    );
    if (metadataHash.toLowerCase() !== hash.toLowerCase()) {
      throw new Error(`the api stored the texts under ${hash}, the chain got ${metadataHash}`);
    }
    return { id, metadataHash, lastTradingTime, expirationTime };
  }

  /** `buyer` buys `amount` (fee included) of `option`, minting the USDT first. */
  async buy(buyer: Wallet, id: bigint, option: number, amount: bigint): Promise<void> {
    await this.call('Markets.buy', () => buyPosition(this.markets(), this.usdt(), buyer, id, option, amount));
  }

  async marketState(id: bigint): Promise<MarketStateName> {
    const index = Number(await this.call('Markets.marketState', () => this.markets().getFunction('marketState')(id)));
    const name = enums.IMarketsTypes.MarketState[index];
    if (!name) throw new Error(`marketState answered an unknown value ${index}`);
    return name;
  }

  /** Stake (fee excluded) of `account` on `option`. */
  async stakeOf(id: bigint, account: string, option: number): Promise<bigint> {
    const [stake] = (await this.call('Markets.positionOf', () =>
      this.markets().getFunction('positionOf')(id, account, option),
    )) as [bigint, bigint];
    return BigInt(stake);
  }

  async challenges(
    id: bigint,
  ): Promise<{ challenger: string; option: number; status: ChallengeStatusName; stake: bigint; compensation: bigint }[]> {
    const list = (await this.call('Markets.challengesOf', () => this.markets().getFunction('challengesOf')(id))) as {
      challenger: string;
      option: bigint;
      status: bigint;
      stake: bigint;
      compensation: bigint;
    }[];
    return list.map((c) => ({
      challenger: c.challenger,
      option: Number(c.option),
      status: enums.IMarketsTypes.ChallengeStatus[Number(c.status)] ?? 'None',
      stake: BigInt(c.stake),
      compensation: BigInt(c.compensation),
    }));
  }

  async challengeStake(): Promise<bigint> {
    const params = (await this.call('Markets.params', () => this.markets().getFunction('params')())) as {
      challengeStake: bigint;
      quorumBps: bigint;
    };
    return BigInt(params.challengeStake);
  }

  // -------------------------------------------------------------- time

  /** The latest block's timestamp: the protocol's (and, once indexed, the api's) "now". */
  async now(): Promise<number> {
    const block = await this.call('eth_getBlockByNumber', () => this.provider.getBlock('latest'));
    if (!block) throw new Error('no latest block');
    return block.timestamp;
  }

  /** Moves the devnet's clock `seconds` forward and mines a block at the new time. */
  async increaseTime(seconds: number): Promise<number> {
    await this.call('evm_increaseTime', () => this.provider.send('evm_increaseTime', [seconds]));
    await this.call('evm_mine', () => this.provider.send('evm_mine', []));
    return this.now();
  }

  // -------------------------------------------------------------- api

  async api<T>(pathName: string, body: unknown): Promise<ApiEnvelope<T>> {
    return this.call(pathName, async () => {
      const response = await fetch(`${this.apiUrl}${pathName}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      return (await response.json()) as ApiEnvelope<T>;
    });
  }

  /** Waits until the api's "now" has reached the chain's latest block time and it has the market's `state`. */
  async waitApi(id: bigint, accept: (market: { state: string; phase: string }) => boolean, ms = 30_000): Promise<void> {
    const head = await this.now();
    const deadline = Date.now() + ms;
    let last = 'no answer';
    for (;;) {
      const answer = await this.api<{ market: { state: string; phase: string } }>('/api/market/detail', { id: id.toString() });
      if (answer.code === 0) {
        last = `state ${answer.data.market.state}, api now ${answer.extra?.now} vs chain ${head}`;
        if ((answer.extra?.now ?? 0) >= head && accept(answer.data.market)) return;
      } else {
        last = `${answer.msg}`;
      }
      if (Date.now() > deadline) throw new Error(`the private api did not catch up with market ${id} within ${ms} ms: ${last}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

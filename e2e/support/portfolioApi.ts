// What the api answers about one account's portfolio (/api/bought, /api/user/claims), read by
// portfolio.spec.ts to check the pages against, and a wait for the api to index the chain.
import { expect } from './fixtures';
import type { ResolutionChain } from './resolutionChain';

export interface BoughtAnswer {
  list: {
    market: { id: string; state: string; label: { key: string } };
    position: {
      options: { option: number; stake: string; fee: string }[];
      invested: string;
      pendingPayoff: string;
      received: string;
      profit: string | null;
    };
  }[];
  total: number;
}

export interface BoughtTotals {
  invested: string;
  received: string;
  pendingPayoff: string;
  profit: string;
}

/** /api/bought's first 100 positions of `account` and its totals. */
export async function bought(
  chain: ResolutionChain,
  account: string,
  status: 'active' | 'all',
): Promise<{ data: BoughtAnswer; totals: BoughtTotals }> {
  const answer = await chain.api<BoughtAnswer>('/api/bought', { account, status, page: 1, pageSize: 100 });
  expect(answer.code).toBe(0);
  return { data: answer.data, totals: (answer.extra as unknown as { totals: BoughtTotals }).totals };
}

export interface ClaimDueAnswer {
  marketId: string;
  position: string;
  compensations: { index: number; amount: string }[];
  voterReward: string;
  referral: string;
}

/** What `account` can claim, per market (/api/user/claims). */
export async function claims(chain: ResolutionChain, account: string): Promise<ClaimDueAnswer[]> {
  const answer = await chain.api<{ list: ClaimDueAnswer[] }>('/api/user/claims', { account });
  expect(answer.code).toBe(0);
  return answer.data.list;
}

/** The claims 'Claim all' sends for `dues`, in order, named as the progress names its steps. */
export function claimSteps(dues: readonly ClaimDueAnswer[]): string[] {
  return dues.flatMap((d) => {
    const steps: string[] = [];
    if (BigInt(d.position) > 0n) steps.push(`${d.marketId}:position`);
    for (const c of d.compensations) if (BigInt(c.amount) > 0n) steps.push(`${d.marketId}:compensation:${c.index}`);
    if (BigInt(d.voterReward) > 0n) steps.push(`${d.marketId}:voterReward`);
    if (BigInt(d.referral) > 0n) steps.push(`${d.marketId}:referral`);
    return steps;
  });
}

export const dueOf = (dues: ClaimDueAnswer[], id: bigint | string): ClaimDueAnswer | undefined =>
  dues.find((d) => d.marketId === String(id));

/** Waits until the private api has indexed the chain's latest block (after a transaction sent from here). */
export async function apiCaughtUp(chain: ResolutionChain): Promise<void> {
  const head = await chain.now();
  await expect
    .poll(async () => (await chain.api<unknown>('/api/markets', { page: 1, pageSize: 1 })).extra?.now ?? 0, {
      timeout: 30_000,
      intervals: [250],
    })
    .toBeGreaterThanOrEqual(head);
}

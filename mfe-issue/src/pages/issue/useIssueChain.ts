import { useEffect, useState } from 'react';
import { type LicenseView } from '@prds/shared/licenses';
import { queryKeys, useQuery } from '@prds/shared/query';
import { readChainTime, readContract, useWallet } from '@prds/shared/wallet';
import { issueQueryKeys, fetchAccountLicenses } from '../../api';
import {
  blockedLicenses,
  issuingLicenses,
  type BlockedLicense,
  type LicenseChoice,
  type LicenseOnChain,
} from './issuingLicenses';
import type { ProtocolLimits } from './validateIssueForm';

/** How often the chain's time is read again; between reads it is counted forward on the wall clock. */
const CHAIN_TIME_REFRESH_MS = 30_000;

/**
 * The chain's "now" in unix seconds — the latest block's time, counted forward each second — which
 * the contract checks the times against (on the devnet it is wherever a test moved the clock); null
 * until first read.
 */
export function useChainNow(): number | null {
  const { desiredChainId, isAvailable } = useWallet();
  const { data, dataUpdatedAt } = useQuery({
    queryKey: queryKeys.chain(desiredChainId, 'time'),
    queryFn: () => readChainTime(desiredChainId),
    enabled: isAvailable,
    staleTime: CHAIN_TIME_REFRESH_MS,
    refetchInterval: CHAIN_TIME_REFRESH_MS,
  });
  const [wallClock, setWallClock] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setWallClock(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (data === undefined) return null;
  return data + Math.max(0, Math.floor((wallClock - dataUpdatedAt) / 1000));
}

/** The protocol's parameters the form shows and checks, as the contract holds them (Markets.params()). */
export interface ProtocolParams extends ProtocolLimits {
  readonly minPremium: bigint;
  readonly feeBps: number;
  /** The share of a slashed bond paid to the challenger proven right (spec §3 margin fee rate). */
  readonly marginFeeBps: number;
  readonly issuerShareBps: number;
  readonly confirmationPeriod: number;
  readonly challengeWindow: number;
}

export function useProtocolParams() {
  const { desiredChainId, isAvailable } = useWallet();
  return useQuery({
    queryKey: queryKeys.chain(desiredChainId, 'markets', 'params'),
    queryFn: async (): Promise<ProtocolParams> => {
      const p = await readContract('markets', 'params', [], desiredChainId);
      return {
        minLiquidity: p.minLiquidity,
        minMargin: p.minMargin,
        minPremium: p.minPremium,
        capacityMultiple: BigInt(p.capacityMultiple),
        maxOptions: Number(p.maxOptions),
        feeBps: Number(p.feeBps),
        marginFeeBps: Number(p.marginFeeBps),
        issuerShareBps: Number(p.issuerShareBps),
        confirmationPeriod: Number(p.confirmationPeriod),
        challengeWindow: Number(p.challengeWindow),
      };
    },
    enabled: isAvailable,
    // Set at deployment: read once per page.
    staleTime: Infinity,
  });
}

/** One License as the chain holds it now. */
async function licenseOnChain(tokenId: bigint, prices: Map<number, Promise<bigint>>): Promise<LicenseOnChain> {
  const [info, owner, rental] = await Promise.all([
    readContract('license', 'info', [tokenId]),
    readContract('license', 'ownerOf', [tokenId]),
    readContract('license', 'rentalOf', [tokenId]),
  ]);
  const type = Number(info.licenseType);
  let price = prices.get(type);
  if (price === undefined) {
    price = readContract('license', 'typePrice', [type]);
    prices.set(type, price);
  }
  return {
    availableTimes: Number(info.availableTimes),
    usable: info.usable,
    owner,
    rental: {
      user: rental.user,
      expires: Number(rental.expires),
      maxIssues: Number(rental.maxIssues),
      issuesUsed: Number(rental.issuesUsed),
    },
    value: await price,
  };
}

export interface IssueLicensesView {
  /** The Licenses the account can issue with now; empty without a wallet. */
  readonly choices: readonly LicenseChoice[];
  /** The account's other Licenses, each with why it cannot issue now; empty without a wallet. */
  readonly blocked: readonly BlockedLicense[];
  readonly isLoading: boolean;
  readonly error: unknown;
  readonly refetch: () => void;
}

/**
 * The connected account's Licenses that can issue a market now: the api lists what it owns or rents
 * (`/api/ticket/tokens`), the chain says what each can do right now (License.info, ownerOf, rentalOf,
 * typePrice), judged at the chain's time.
 */
export function useIssueLicenses(now: number | null): IssueLicensesView {
  const { account, isConnected } = useWallet();
  const query = useQuery({
    queryKey: issueQueryKeys.licenses(account),
    queryFn: async (): Promise<{ listed: readonly LicenseView[]; onChain: Map<string, LicenseOnChain> }> => {
      if (account === null) return { listed: [], onChain: new Map() };
      const listed = await fetchAccountLicenses(account);
      const prices = new Map<number, Promise<bigint>>();
      const facts = await Promise.all(listed.map((l) => licenseOnChain(BigInt(l.tokenId), prices)));
      return { listed, onChain: new Map(listed.map((l, i) => [l.tokenId, facts[i] as LicenseOnChain])) };
    },
    enabled: isConnected && account !== null,
  });
  const known = query.data && account !== null && now !== null;
  const choices = known ? issuingLicenses(account, query.data.listed, query.data.onChain, now) : [];
  const blocked = known ? blockedLicenses(account, query.data.listed, query.data.onChain, now) : [];
  return {
    choices,
    blocked,
    isLoading: isConnected && (query.isLoading || now === null),
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

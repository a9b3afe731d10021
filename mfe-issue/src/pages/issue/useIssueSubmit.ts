import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLang } from '@prds/shared/i18n';
import { fetchIssued } from '@prds/shared/issue';
import { queryKeys } from '@prds/shared/query';
import { paths } from '@prds/shared/routes';
import { marketOptionKeys, useTransaction, useWallet, type TransactionControls } from '@prds/shared/wallet';
import { issueQueryKeys, submitMetadata } from '../../api';
import { ISSUE_TX_MESSAGES, fieldRefusal } from './submitErrors';
import type { IssueFormState } from './useIssueFormState';

/** How long the success message stays before the market's page opens. */
const SUCCESS_DWELL_MS = 1500;
/** How long to look for the new market in the issuer's list once the api has indexed the transaction. */
const LOCATE_TIMEOUT_MS = 30_000;
const LOCATE_POLL_MS = 750;

export type SubmitStage =
  | { readonly kind: 'idle' }
  /** /api/issue/submit-underlying is checking and storing the texts. */
  | { readonly kind: 'checking' }
  /** Held for review ('audit checking'): nothing sent to the chain. */
  | { readonly kind: 'audit'; readonly reason: string | null }
  | { readonly kind: 'error'; readonly error: unknown }
  | { readonly kind: 'transaction' }
  | { readonly kind: 'success'; readonly marketId: string | null };

export interface IssueSubmit {
  readonly stage: SubmitStage;
  readonly tx: TransactionControls;
  /** A step is running: another submit is ignored. */
  readonly busy: boolean;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The new market's id: the issuer's newest markets hold the one the transaction created. */
async function locateIssuedMarket(account: string, hash: string): Promise<string | null> {
  const deadline = Date.now() + LOCATE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      const page = await fetchIssued(account, { page: 1, pageSize: 20 });
      const found = page.list.find((market) => market.txHash.toLowerCase() === hash.toLowerCase());
      if (found) return found.id;
    } catch {
      // The api briefly unreachable: keep looking until the deadline.
    }
    await wait(LOCATE_POLL_MS);
  }
  return null;
}

/**
 * The issue form's submit: the rules first, then the texts stored (and checked) by the api, the
 * approvals the wallet still lacks and the issue transaction, each step a stage; once issued, the new
 * market is looked up and its page opened.
 */
export function useIssueSubmit(form: IssueFormState): IssueSubmit {
  const navigate = useNavigate();
  const [lang] = useLang();
  const wallet = useWallet();
  const tx = useTransaction(ISSUE_TX_MESSAGES);
  const [stage, setStage] = useState<SubmitStage>({ kind: 'idle' });

  // Once issued and found, the market's own page.
  const successId = stage.kind === 'success' ? stage.marketId : null;
  useEffect(() => {
    if (successId === null) return;
    const timer = setTimeout(() => navigate(paths.detail(successId)), SUCCESS_DWELL_MS);
    return () => clearTimeout(timer);
  }, [successId, navigate]);

  const busy = stage.kind === 'checking' || stage.kind === 'transaction' || tx.busy;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    form.markSubmitted();
    tx.reset();
    if (!form.validation.valid || wallet.account === null) {
      setStage({ kind: 'idle' });
      return;
    }
    const account = wallet.account;
    const { values, formValues, liquidity, margin } = form;
    const { lastTradingTime, expirationTime } = values;
    if (lastTradingTime === null || expirationTime === null || liquidity === null) return;
    const staked = values.collateral === 'nft';
    const marginUnits = staked ? 0n : (margin ?? 0n);

    setStage({ kind: 'checking' });
    let stored;
    try {
      stored = await submitMetadata({
        event: formValues.event,
        options: formValues.options,
        category: values.category,
        description: values.description,
        resolutionSource: values.resolutionSource,
        url: values.url,
        content: values.content,
        language: lang,
      });
    } catch (error) {
      const atField = fieldRefusal(error);
      if (atField !== null) {
        form.refuse(atField);
        setStage({ kind: 'idle' });
      } else {
        setStage({ kind: 'error', error });
      }
      return;
    }
    if (stored.status !== 'approved' || stored.hash === null) {
      setStage({ kind: 'audit', reason: stored.reason });
      return;
    }

    setStage({ kind: 'transaction' });
    const optionKeys = await marketOptionKeys(stored.options);
    const result = await tx.run({
      contract: 'markets',
      fn: 'issue',
      args: [
        {
          licenseId: BigInt(values.licenseId),
          metadataHash: stored.hash as `0x${string}`,
          options: optionKeys,
          lastTradingTime,
          expirationTime,
          liquidity,
          margin: marginUnits,
          stakeLicense: staked,
        },
      ],
      // Pays the liquidity and the margin; a staked License is moved into the Markets contract too.
      approve: staked
        ? [{ token: 'payToken', amount: liquidity }, { nft: 'license' }]
        : { token: 'payToken', amount: liquidity + marginUnits },
      invalidate: [queryKeys.markets, issueQueryKeys.licenses(account), queryKeys.account(account)],
    });
    if (!result.ok || result.hash === null) {
      // 'Transaction failed' / 'Transaction cancelled' stay on screen; the form is as it was.
      setStage({ kind: 'idle' });
      return;
    }
    form.discardDraft();
    setStage({ kind: 'success', marketId: null });
    const marketId = await locateIssuedMarket(account, result.hash);
    setStage({ kind: 'success', marketId });
  };

  return { stage, tx, busy, onSubmit };
}

import type { FormEvent } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpError } from '@prds/shared/http';
import { fetchIssued, type IssuedMarket, type IssuedPage } from '@prds/shared/issue';
import { queryKeys } from '@prds/shared/query';
import { type TransactionControls } from '@prds/shared/wallet';
import { issueQueryKeys, submitMetadata } from '../../api';
import type { IssueFormState } from './useIssueFormState';
import { useIssueSubmit } from './useIssueSubmit';

// The submit flow alone: the api, the wallet, the transaction and the router stand in, so each path
// (mistakes, refusal, review, failure, issued) is seen step by step. The whole journey on a devnet is
// e2e/tests/issue.spec.ts.
const ACCOUNT = '0xAbC0000000000000000000000000000000000001';
const E = 10n ** 18n;
const navigate = jest.fn();
const tx = { state: null, busy: false, run: jest.fn(), reset: jest.fn() } satisfies TransactionControls;

jest.mock('react-router-dom', () => ({
  ...jest.requireActual<typeof import('react-router-dom')>('react-router-dom'),
  useNavigate: () => navigate,
}));
jest.mock('@prds/shared/wallet', () => {
  const actual = jest.requireActual<typeof import('@prds/shared/wallet')>('@prds/shared/wallet');
  return {
    ...actual,
    useWallet: () => ({ account: ACCOUNT }),
    useTransaction: () => tx,
    marketOptionKeys: jest.fn(async (options: readonly string[]) => options.map((_, index) => `0x0${index}`)),
  };
});
jest.mock('@prds/shared/issue', () => ({
  ...jest.requireActual<typeof import('@prds/shared/issue')>('@prds/shared/issue'),
  fetchIssued: jest.fn(),
}));
jest.mock('../../api', () => ({
  ...jest.requireActual<typeof import('../../api')>('../../api'),
  submitMetadata: jest.fn(),
}));

const submitted = jest.mocked(submitMetadata);
/** The texts stored and approved: the hash the transaction carries. */
const APPROVED = {
  status: 'approved',
  hash: '0x11',
  reason: null,
  event: '',
  category: '',
  options: ['Yes', 'No'],
} as const;
const issuedMarkets = jest.mocked(fetchIssued);

function formState(patch: Partial<IssueFormState> = {}): IssueFormState {
  const values = {
    licenseId: '7',
    event: 'Will it rain?',
    category: 'science',
    description: '',
    resolutionSource: 'Met office',
    url: '',
    content: 'Rain in London',
    lastTradingTime: 1_900_000_000,
    expirationTime: 1_900_086_400,
    liquidity: '150',
    collateral: 'token' as const,
    margin: '120',
  };
  return {
    values,
    formValues: { ...values, options: ['Yes', 'No'] },
    validation: { valid: true, fields: {}, options: [null, null] },
    liquidity: 150n * E,
    margin: 120n * E,
    markSubmitted: jest.fn(),
    refuse: jest.fn(),
    discardDraft: jest.fn(),
    ...patch,
  } as Partial<IssueFormState> as IssueFormState;
}

function submitEvent(): FormEvent<HTMLFormElement> {
  return { preventDefault: jest.fn() } as Partial<FormEvent<HTMLFormElement>> as FormEvent<HTMLFormElement>;
}

async function submit(form: IssueFormState) {
  const hook = renderHook(() => useIssueSubmit(form));
  await act(() => hook.result.current.onSubmit(submitEvent()));
  return hook;
}

beforeEach(() => {
  jest.clearAllMocks();
});

describe('useIssueSubmit', () => {
  it('sends nothing while the form has mistakes: the submit is counted so every message shows', async () => {
    const form = formState({ validation: { valid: false, fields: {}, options: [] } });
    const { result } = await submit(form);
    expect(form.markSubmitted).toHaveBeenCalledTimes(1);
    expect(tx.reset).toHaveBeenCalledTimes(1);
    expect(submitted).not.toHaveBeenCalled();
    expect(result.current.stage).toEqual({ kind: 'idle' });
  });

  it("puts the api's refusal of a text at its field and sends no transaction", async () => {
    submitted.mockRejectedValue(
      new HttpError({
        kind: 'status',
        status: 422,
        messageKey: 'common.error.http',
        message: 'api.error.contentRefused',
        apiKey: 'api.error.contentRefused',
        field: 'options.1',
        details: { reason: 'api.moderation.gambling' },
      }),
    );
    const form = formState();
    const { result } = await submit(form);
    expect(submitted).toHaveBeenCalledWith({
      event: 'Will it rain?',
      options: ['Yes', 'No'],
      category: 'science',
      description: '',
      resolutionSource: 'Met office',
      url: '',
      content: 'Rain in London',
      language: 'en',
    });
    expect(form.refuse).toHaveBeenCalledWith({
      field: 'options',
      option: 1,
      error: { id: 'issue.error.contentRefused', reason: 'gambling' },
    });
    expect(result.current.stage).toEqual({ kind: 'idle' });
    expect(tx.run).not.toHaveBeenCalled();
  });

  it('shows any other failure of the api as an error', async () => {
    const failure = new Error('down');
    submitted.mockRejectedValue(failure);
    const form = formState();
    const { result } = await submit(form);
    expect(form.refuse).not.toHaveBeenCalled();
    expect(result.current.stage).toEqual({ kind: 'error', error: failure });
  });

  it('stops at review when the api holds the texts', async () => {
    submitted.mockResolvedValue({
      status: 'audit',
      hash: null,
      reason: 'api.moderation.gambling',
      event: '',
      category: '',
      options: [],
    });
    const { result } = await submit(formState());
    expect(result.current.stage).toEqual({ kind: 'audit', reason: 'api.moderation.gambling' });
    expect(tx.run).not.toHaveBeenCalled();
  });

  it('keeps the form (and its draft) when the transaction fails', async () => {
    submitted.mockResolvedValue(APPROVED);
    tx.run.mockResolvedValue({ ok: false, phase: 'failed', hash: null });
    const form = formState();
    const { result } = await submit(form);
    expect(result.current.stage).toEqual({ kind: 'idle' });
    expect(form.discardDraft).not.toHaveBeenCalled();
  });

  it('issues with the stored options, pays liquidity and margin, then finds the market and opens it', async () => {
    submitted.mockResolvedValue(APPROVED);
    tx.run.mockResolvedValue({ ok: true, phase: 'confirmed', hash: '0xfeed' });
    const found = { id: '42', txHash: '0xFEED' } as Partial<IssuedMarket> as IssuedMarket;
    issuedMarkets.mockResolvedValue({ list: [found] } as Partial<IssuedPage> as IssuedPage);
    const form = formState();
    const { result } = await submit(form);
    expect(tx.run).toHaveBeenCalledWith({
      contract: 'markets',
      fn: 'issue',
      args: [
        {
          licenseId: 7n,
          metadataHash: '0x11',
          options: ['0x00', '0x01'],
          lastTradingTime: 1_900_000_000,
          expirationTime: 1_900_086_400,
          liquidity: 150n * E,
          margin: 120n * E,
          stakeLicense: false,
        },
      ],
      approve: { token: 'payToken', amount: 270n * E },
      invalidate: [queryKeys.markets, issueQueryKeys.licenses(ACCOUNT), queryKeys.account(ACCOUNT)],
    });
    expect(form.discardDraft).toHaveBeenCalledTimes(1);
    expect(issuedMarkets).toHaveBeenCalledWith(ACCOUNT, { page: 1, pageSize: 20 });
    expect(result.current.stage).toEqual({ kind: 'success', marketId: '42' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/detail/42'), { timeout: 3000 });
  });

  it('stakes the License instead of a margin when it is the bond', async () => {
    submitted.mockResolvedValue(APPROVED);
    tx.run.mockResolvedValue({ ok: false, phase: 'cancelled', hash: null });
    const form = formState({ values: { ...formState().values, collateral: 'nft' }, margin: null });
    await submit(form);
    expect(tx.run).toHaveBeenCalledWith(
      expect.objectContaining({
        args: [expect.objectContaining({ margin: 0n, stakeLicense: true })],
        approve: [{ token: 'payToken', amount: 150n * E }, { nft: 'license' }],
      }),
    );
  });
});

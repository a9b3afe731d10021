import { createRef, type ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { AppProviders } from '@prds/shared/providers';
import { queryClient } from '@prds/shared/query';
import { createStore } from '@prds/shared/state';
import { ISSUE_DRAFT_KEY } from './issueDraft';
import { useIssueFormState, type IssueFormStateInput } from './useIssueFormState';

// What the form holds between edits and submits; the fields as a user meets them are in App.test.tsx.
const input: IssueFormStateInput = {
  presetLicense: null,
  now: 1_900_000_000,
  licenses: [],
  protocol: null,
  formRef: createRef<HTMLFormElement>(),
};

function wrapper({ children }: { children: ReactNode }) {
  return <AppProviders store={createStore()}>{children}</AppProviders>;
}

/** The hook inside the page's providers, once they have loaded (the messages load first). */
async function renderForm() {
  const hook = renderHook(() => useIssueFormState(input), { wrapper });
  await waitFor(() => expect(hook.result.current).not.toBeNull());
  return hook;
}

function stored(): Record<string, unknown> | null {
  const text = window.localStorage.getItem(ISSUE_DRAFT_KEY);
  return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
}

beforeEach(() => {
  window.localStorage.clear();
  queryClient.clear();
});

describe('useIssueFormState', () => {
  it('keeps every edit as the draft until the market is issued, then clears it for good', async () => {
    const { result } = await renderForm();
    act(() => result.current.edit('event', 'Will it rain?'));
    expect(stored()?.event).toBe('Will it rain?');
    act(() => result.current.discardDraft());
    expect(stored()).toBeNull();
    act(() => result.current.edit('event', 'Will it snow?'));
    expect(stored()).toBeNull();
  });

  it("shows the api's refusal at its field until that field changes, and a submit shows every message", async () => {
    const { result } = await renderForm();
    expect(result.current.fieldError('event')).toBeUndefined();
    act(() => result.current.edit('event', 'Will it rain?'));
    act(() => result.current.refuse({ field: 'event', option: null, error: { id: 'issue.error.contentRefused', reason: null } }));
    expect(result.current.fieldError('event')).toEqual({ id: 'issue.error.contentRefused', reason: null });
    // The refusal counts as a submit: the other fields' messages show too.
    expect(result.current.fieldError('category')).toBeDefined();
    act(() => result.current.edit('event', 'Will it snow?'));
    expect(result.current.fieldError('event')).toBeUndefined();
  });

  it('adds, moves and removes options by their keys', async () => {
    const { result } = await renderForm();
    act(() => result.current.changeOption(0, 'Yes'));
    act(() => result.current.changeOption(1, 'No'));
    act(() => result.current.addOption());
    act(() => result.current.changeOption(2, 'Maybe'));
    act(() => result.current.moveOption(2, -1));
    expect(result.current.options).toEqual([
      { key: 0, text: 'Yes' },
      { key: 2, text: 'Maybe' },
      { key: 1, text: 'No' },
    ]);
    // Past either end nothing moves.
    act(() => result.current.moveOption(0, -1));
    act(() => result.current.removeOption(2));
    expect(result.current.formValues.options).toEqual(['Yes', 'No']);
    expect(result.current.shown('options')).toBe(true);
  });
});

import { EMPTY_DRAFT, ISSUE_DRAFT_KEY, clearDraft, isEmptyDraft, loadDraft, parseDraft, saveDraft } from './issueDraft';
import type { IssueFormValues } from './validateIssueForm';

const typed: IssueFormValues = {
  ...EMPTY_DRAFT,
  licenseId: '7',
  event: 'Will it rain?',
  options: ['Yes', 'No', 'Maybe'],
  category: 'science',
  lastTradingTime: 1_900_000_000,
  expirationTime: 1_900_086_400,
  liquidity: '100',
  collateral: 'nft',
};

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('the issue draft', () => {
  it('comes back as it was typed after a reload, and is gone once cleared', () => {
    const storage = memoryStorage();
    saveDraft(storage, typed);
    expect(loadDraft(storage)).toEqual(typed);
    clearDraft(storage);
    expect(storage.getItem(ISSUE_DRAFT_KEY)).toBeNull();
    expect(loadDraft(storage)).toEqual(EMPTY_DRAFT);
  });

  it('stores nothing for an untouched form', () => {
    const storage = memoryStorage();
    saveDraft(storage, typed);
    saveDraft(storage, EMPTY_DRAFT);
    expect(storage.getItem(ISSUE_DRAFT_KEY)).toBeNull();
    expect(isEmptyDraft(EMPTY_DRAFT)).toBe(true);
    expect(isEmptyDraft(typed)).toBe(false);
  });

  it.each([null, '', 'not json', '[1,2]', '42', 'null'])('opens an empty form for %p', (stored) => {
    expect(parseDraft(stored)).toEqual(EMPTY_DRAFT);
  });

  it('keeps what it can of a damaged draft, field by field', () => {
    const stored = JSON.stringify({
      event: 'Kept',
      options: ['A', 7, null],
      category: 5,
      lastTradingTime: '1900000000',
      expirationTime: 1.5,
      collateral: 'gold',
      margin: '10',
    });
    expect(parseDraft(stored)).toEqual({ ...EMPTY_DRAFT, event: 'Kept', options: ['A', '', ''], margin: '10' });
  });

  it('survives a storage that refuses every call', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadDraft(refusing)).toEqual(EMPTY_DRAFT);
    expect(() => saveDraft(refusing, typed)).not.toThrow();
    expect(() => clearDraft(refusing)).not.toThrow();
  });
});

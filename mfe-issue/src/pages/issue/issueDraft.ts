import type { CollateralKind, IssueFormValues } from './validateIssueForm';

/** Where the form keeps what was typed, so a reload (or a failed transaction) loses nothing. */
export const ISSUE_DRAFT_KEY = 'prds.issue.draft';

/** The form as it opens: two empty options, a token margin. */
export const EMPTY_DRAFT: IssueFormValues = {
  licenseId: '',
  event: '',
  options: ['', ''],
  category: '',
  description: '',
  resolutionSource: '',
  url: '',
  content: '',
  lastTradingTime: null,
  expirationTime: null,
  liquidity: '',
  collateral: 'token',
  margin: '',
};

const TEXT_FIELDS = [
  'licenseId',
  'event',
  'category',
  'description',
  'resolutionSource',
  'url',
  'content',
  'liquidity',
  'margin',
] as const satisfies readonly (keyof IssueFormValues)[];

/** The most options a draft keeps (far above what anyone types; a bound on stored junk). */
const MAX_DRAFT_OPTIONS = 64;
/** The longest text a draft keeps per field. */
const MAX_DRAFT_TEXT = 20_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value.slice(0, MAX_DRAFT_TEXT) : null);
const time = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;

/**
 * A stored draft read back, field by field: whatever is not what the form holds (another version's
 * draft, a hand-edited value) is left at the empty form's value, so a bad draft never breaks the page.
 */
export function parseDraft(stored: string | null): IssueFormValues {
  if (stored === null) return EMPTY_DRAFT;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return EMPTY_DRAFT;
  }
  if (!isRecord(parsed)) return EMPTY_DRAFT;
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, text(parsed[field]) ?? EMPTY_DRAFT[field]]));
  const options = Array.isArray(parsed.options)
    ? parsed.options.slice(0, MAX_DRAFT_OPTIONS).map((option) => text(option) ?? '')
    : EMPTY_DRAFT.options;
  const collateral: CollateralKind = parsed.collateral === 'nft' ? 'nft' : 'token';
  return {
    ...EMPTY_DRAFT,
    ...texts,
    options,
    collateral,
    lastTradingTime: time(parsed.lastTradingTime),
    expirationTime: time(parsed.expirationTime),
  };
}

/** True when nothing was typed: such a draft is not stored. */
export function isEmptyDraft(values: IssueFormValues): boolean {
  return JSON.stringify(values) === JSON.stringify(EMPTY_DRAFT);
}

export function loadDraft(storage: Pick<Storage, 'getItem'> | null): IssueFormValues {
  try {
    return parseDraft(storage?.getItem(ISSUE_DRAFT_KEY) ?? null);
  } catch {
    // Storage refused (private mode, a policy): the form opens empty.
    return EMPTY_DRAFT;
  }
}

export function saveDraft(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, values: IssueFormValues): void {
  try {
    if (isEmptyDraft(values)) storage?.removeItem(ISSUE_DRAFT_KEY);
    else storage?.setItem(ISSUE_DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Full or refused: the draft lives on in the page until it is closed.
  }
}

export function clearDraft(storage: Pick<Storage, 'removeItem'> | null): void {
  try {
    storage?.removeItem(ISSUE_DRAFT_KEY);
  } catch {
    // Nothing to clear where storage is refused.
  }
}

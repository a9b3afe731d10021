/**
 * A market's metadata — what its pages show — and the one way to normalize it, check it and build
 * what its hash covers. The api (which stores and checks submissions), the seed and the front end's
 * issue form (through @prds/shared) all use these functions, so a text the form accepts is the text
 * the api stores, and both hash it the same way. No dependencies: the front end loads this in its
 * first render; the keccak256 of the preimage lives in ./metadataHash.ts (ethers).
 */

/**
 * The categories a market's metadata may name: one list for the api that checks submissions and
 * filters the list, and the front end that offers them. Adding one here adds it everywhere.
 */
export const MARKET_CATEGORIES = [
  "crypto",
  "finance",
  "politics",
  "technology",
  "science",
  "sports",
  "culture",
  "other",
] as const;
export type MarketCategory = (typeof MARKET_CATEGORIES)[number];

/** Every text field a market page shows; all of them are covered by the metadata hash. */
export interface MarketMetadata {
  readonly event: string;
  readonly category: string;
  readonly options: readonly string[];
  readonly description: string;
  readonly resolutionSource: string;
  readonly url: string;
  readonly content: string;
}

/** What an issuer writes: the optional texts may be missing (an empty text). */
export type MarketMetadataInput = Pick<MarketMetadata, "event" | "category" | "options"> &
  Partial<Pick<MarketMetadata, "description" | "resolutionSource" | "url" | "content">>;

/**
 * Characters that are never seen and carry no meaning in a market's text, removed wherever they
 * are: Unicode's default-ignorable code points but those a script needs or that are refused —
 * zero-width space, word joiner and invisible operators, byte-order mark, soft hyphen, Mongolian
 * vowel separator, combining grapheme joiner, the invisible Khmer inherent vowels (U+17B4, U+17B5:
 * deprecated, shown as nothing), the deprecated format characters U+206A–206F, the bidi marks
 * (LRM, RLM, ALM: pages lay user text out with `dir="auto"`, so marks only serve to spoof), shorthand
 * and musical format controls, tag characters (a hidden payload) and the unassigned ignorables.
 * Kept: zero-width joiner and non-joiner and the variation selectors (scripts and emoji sequences
 * need them), the Hangul fillers (blank letters, see BLANK_LETTERS). Bidi embeddings, overrides and
 * isolates are not removed: they are refused (see hasBidiControls). An explicit list, not
 * \p{Default_Ignorable_Code_Point}: the page and the api must strip the same characters whatever
 * Unicode version their engines have, or their hashes would differ.
 */
const MEANINGLESS =
  /[\u00ad\u061c\u180e\u200b\u200e\u200f\u2060-\u2065\u206a-\u206f\ufeff\ufff0-\ufff8\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0000}-\u{e00ff}\u{e01f0}-\u{e0fff}]|\u034f|[\u17b4-\u17b5]/gu;

/**
 * Characters that render as blank space without being whitespace: Hangul fillers and the Braille
 * blank, often used to make a text that looks empty.
 */
const BLANK_LETTERS = /[\u115f\u1160\u3164\uffa0\u2800]/gu;

/** Leading and trailing runs of whitespace, blank letters and joiners. */
const EDGES = /^[\s\u115f\u1160\u3164\uffa0\u2800\u200c\u200d]+|[\s\u115f\u1160\u3164\uffa0\u2800\u200c\u200d]+$/gu;

/** Invisible when alone: the joiners and variation selectors (kept in stored text, not seen). */
const UNSEEN = /\u200c|\u200d|[\ufe00-\ufe0f]|[\u{e0100}-\u{e01ef}]/gu;

/** Bidi embeddings, overrides and isolates: they reorder what a reader sees (spoofing). */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u;

/**
 * The stored form of a market text: NFC (one byte form for what looks the same, so the same text
 * always hashes the same), meaningless invisible characters removed, trimmed of whitespace and
 * blank characters at both ends.
 */
export function normalizeMarketText(text: string): string {
  return text.normalize("NFC").replace(MEANINGLESS, "").replace(EDGES, "");
}

/**
 * What a reader sees, for the spec's empty and repeated rules: the normalized text without the
 * characters that show nothing on their own, compatibility forms folded (full-width, ligatures),
 * case folded, blank runs as one space. '' means the text looks empty.
 */
export function visibleTextKey(text: string): string {
  return normalizeMarketText(text)
    .replace(UNSEEN, "")
    .normalize("NFKC")
    .replace(BLANK_LETTERS, " ")
    .toLowerCase()
    .replace(/\s+/gu, " ")
    .trim();
}

/** True when the text shows nothing: 'Event is empty', 'Option content cannot be empty'. */
export function isBlankText(text: string): boolean {
  return visibleTextKey(text) === "";
}

/** True when the text holds a bidi embedding, override or isolate (refused in market text). */
export function hasBidiControls(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}

/** Spec §5's option rules, by option; the first failing rule of each. */
export type OptionRule = "optionEmpty" | "optionRepeated";
export interface OptionsCheck {
  /** 'optionsEmpty' (no options) or 'optionsTooFew' (one), else null. */
  readonly list: "optionsEmpty" | "optionsTooFew" | null;
  /** One entry per option: null, or the rule it breaks (and, repeated, the option it repeats). */
  readonly each: readonly ({ readonly rule: OptionRule; readonly sameAs?: number } | null)[];
}

/**
 * 'Options cannot be empty', 'There cannot be less than two options', 'Option content cannot be
 * empty', 'Option content cannot be repeated' — judged on what a reader sees (visibleTextKey), so
 * an option of invisible characters is empty and 'Yes' / 'ＹＥＳ' / 'Y\u200bes' are one option.
 */
export function checkOptions(options: readonly string[]): OptionsCheck {
  const seen = new Map<string, number>();
  const each = options.map((option, index) => {
    const key = visibleTextKey(option);
    if (key === "") return { rule: "optionEmpty" as const };
    const first = seen.get(key);
    if (first !== undefined) return { rule: "optionRepeated" as const, sameAs: first };
    seen.set(key, index);
    return null;
  });
  const list = options.length === 0 ? "optionsEmpty" : options.length < 2 ? "optionsTooFew" : null;
  return { list, each };
}

/** Every field normalized (normalizeMarketText), a missing optional text as ''. */
export function canonicalMetadata(input: MarketMetadataInput): MarketMetadata {
  return {
    event: normalizeMarketText(input.event),
    category: normalizeMarketText(input.category),
    options: input.options.map(normalizeMarketText),
    description: normalizeMarketText(input.description ?? ""),
    resolutionSource: normalizeMarketText(input.resolutionSource ?? ""),
    url: normalizeMarketText(input.url ?? ""),
    content: normalizeMarketText(input.content ?? ""),
  };
}

/**
 * The bytes the metadata hash is taken over (UTF-8 of this string): the canonical JSON of every
 * field a market page shows, in a fixed key order. Normalizes first, so any caller gets the hash of
 * what is stored. metadataHash = keccak256(toUtf8Bytes(metadataPreimage(m))).
 */
export function metadataPreimage(input: MarketMetadataInput): string {
  const m = canonicalMetadata(input);
  return JSON.stringify({
    event: m.event,
    category: m.category,
    options: m.options,
    description: m.description,
    resolutionSource: m.resolutionSource,
    url: m.url,
    content: m.content,
  });
}

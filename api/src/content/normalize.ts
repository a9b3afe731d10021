/**
 * Text folds for moderation: the same folds are applied to the word lists and to what is
 * submitted, so spelling tricks land on the listed form. Each returns a variant of the text;
 * a term is looked for in every variant.
 */

/**
 * Characters that change how a text looks to a matcher but not to a reader: format characters
 * (zero-width space/joiners, word joiner, BOM, soft hyphen, bidi controls), the combining grapheme
 * joiner, Hangul fillers, variation selectors, Arabic tatweel (letter stretching) and harakat.
 */
const INVISIBLE =
  /[\p{Cf}\u115f\u1160\u3164\uffa0\u0640]|\u034f|\u0670|[\u064b-\u065f]|[\u180b-\u180f]|[\ufe00-\ufe0f]|[\u{e0100}-\u{e01ef}]/gu;

/** Arabic letter forms a word list writes one way and a writer another. */
const ARABIC_FOLDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[أإآٱ]/g, "ا"],
  [/ى/g, "ي"],
];

/** NFKC (full-width, compatibility, mathematical letters), invisibles removed, case folded. */
export function baseFold(text: string): string {
  let out = text.replace(INVISIBLE, "").normalize("NFKC").toLowerCase().replace(/ß/g, "ss").replace(/ς/g, "σ");
  for (const [from, to] of ARABIC_FOLDS) out = out.replace(from, to);
  return out.normalize("NFKC");
}

/** Latin/Greek/Cyrillic diacritics removed (the combining block only: Thai and Indic marks stay). */
export function plainFold(base: string): string {
  return base
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC");
}

const LEET: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "l",
};

/** Digits and symbols written for letters (c4sino, ca$ino), only inside words that have letters. */
export function leetFold(plain: string): string {
  return plain.replace(/[\p{L}\p{N}@$!|]+/gu, (word) =>
    /\p{L}/u.test(word) ? word.replace(/[0134578@$!|]/g, (c) => LEET[c] ?? c) : word,
  );
}

/** Punctuation inside words removed, spaces kept (c.a.s.i.n.o, cas-ino, s_l_o_t → one word). */
export function compactFold(text: string): string {
  return text.replace(/[^\p{L}\p{N}\p{M}\s]+/gu, "");
}

/** Runs of single letters spaced out (r o u l e t t e) joined into one word. */
export function collapseFold(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])(?:\p{L}[^\p{L}\p{N}]+){2,}\p{L}(?![\p{L}\p{N}])/gu, (run) =>
    run.replace(/[^\p{L}\p{N}]/gu, ""),
  );
}

/** All whitespace removed too, for scripts written without spaces (赌 场 → 赌场). */
export function denseFold(text: string): string {
  return text.replace(/\s+/g, "");
}

/** Cyrillic and Greek letters that look like Latin ones. */
const CONFUSABLE: Readonly<Record<string, string>> = {
  а: "a",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ɡ: "g",
  в: "b",
  α: "a",
  β: "b",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  ϲ: "c",
};

const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** True when a word mixes Latin letters with Cyrillic or Greek ones (cаsino with a Cyrillic а). */
export function isMixedScriptWord(word: string): boolean {
  return LATIN.test(word) && LOOKALIKE_SCRIPT.test(word);
}

export function mixedScriptWords(text: string): string[] {
  return (text.match(/\p{L}+/gu) ?? []).filter(isMixedScriptWord);
}

/** Look-alike letters mapped to Latin, only inside mixed-script words (Russian text stays Russian). */
export function confusableFold(plain: string): string {
  return plain.replace(/\p{L}+/gu, (word) =>
    isMixedScriptWord(word) ? [...word].map((c) => CONFUSABLE[c] ?? c).join("") : word,
  );
}

/** Every variant a term is looked for in. */
export function textVariants(text: string): string[] {
  const base = baseFold(text);
  const plain = plainFold(base);
  const leet = leetFold(plain);
  const compact = compactFold(leet);
  const variants = [
    base,
    plain,
    leet,
    compact,
    collapseFold(compact),
    collapseFold(plain),
    confusableFold(plain),
    confusableFold(compact),
  ];
  return [...new Set(variants)];
}

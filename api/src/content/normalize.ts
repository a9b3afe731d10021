import { readFileSync } from "node:fs";

/**
 * Text folds for moderation: the same folds are applied to the word lists and to what is
 * submitted, so spelling tricks land on the listed form. Each returns a variant of the text;
 * a term is looked for in every variant.
 */

/**
 * Characters that change how a text looks to a matcher but not to a reader: every default-ignorable
 * code point (Unicode's list of what renders as nothing: zero-width space and joiners, word joiner,
 * BOM, soft hyphen, bidi controls, the invisible Khmer vowels U+17B4/U+17B5, Hangul fillers,
 * variation selectors, tags …), other format characters, Arabic tatweel (letter stretching) and harakat.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u0640]|\u0670|[\u064b-\u065f]/gu;

/**
 * Whitespace other than the ordinary space, tab and line breaks: no-break, thin, hair, ideographic,
 * Ogham, line and paragraph separators. Writers separate words with the ordinary space; one of these
 * between two letters is typography or hiding (rou\u200alette), so gluedFold joins the letters.
 */
const UNUSUAL_SPACE = /(?![ \t\n\r])\s/u;
const UNUSUAL_SPACE_BETWEEN_LETTERS = /(?<=[\p{L}\p{M}])(?:(?![ \t\n\r])\s)+(?=\p{L})/gu;

/** Arabic letter forms a word list writes one way and a writer another. */
const ARABIC_FOLDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[أإآٱ]/g, "ا"],
  [/ى/g, "ي"],
];

/**
 * NFKC (full-width, compatibility, mathematical letters), invisibles removed, every whitespace
 * folded to the ordinary space, case folded.
 */
export function baseFold(text: string): string {
  let out = text
    .replace(INVISIBLE, "")
    .normalize("NFKC")
    .replace(/\s/gu, (c) => (c === "\n" || c === "\t" || c === "\r" ? c : " "))
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/ς/g, "σ");
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

/**
 * Scripts whose letters pass for Latin ones (Cyrillic а, Greek ο, Armenian օ, Lisu ꓣ, Cherokee Ꭺ …).
 * A word mixing Latin with one of them is held for review; Chinese, Japanese, Korean and Thai
 * written next to Latin brand names (iPhone新款) are not.
 */
const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE_SCRIPT =
  /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Lisu}\p{Script=Cherokee}\p{Script=Coptic}\p{Script=Canadian_Aboriginal}]/u;

/** True when a word mixes Latin letters with look-alike ones (cаsino with a Cyrillic а). */
export function isMixedScriptWord(word: string): boolean {
  return LATIN.test(word) && LOOKALIKE_SCRIPT.test(word);
}

export function mixedScriptWords(text: string): string[] {
  return (text.match(/\p{L}+/gu) ?? []).filter(isMixedScriptWord);
}

/**
 * Cyrillic and Greek letters that look like Latin ones inside a Latin word, where the skeleton's
 * prototypes are too strict (TR39 maps Cyrillic т to ᴛ and к to ĸ, not to t and k).
 */
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

/** Look-alike letters mapped to Latin, only inside mixed-script words (Russian text stays Russian). */
export function confusableFold(plain: string): string {
  return plain.replace(/\p{L}+/gu, (word) =>
    isMixedScriptWord(word) ? [...word].map((c) => CONFUSABLE[c] ?? c).join("") : word,
  );
}

/** Letters between which an unusual space stood, joined (before baseFold turns it into a space). */
export function gluedFold(text: string): string {
  return text.replace(INVISIBLE, "").replace(UNUSUAL_SPACE_BETWEEN_LETTERS, "");
}

export function hasUnusualSpace(text: string): boolean {
  return UNUSUAL_SPACE.test(text);
}

/**
 * Latin small capitals (ʀᴏᴜʟᴇᴛᴛᴇ): Unicode's confusable data keeps them apart from the lower-case
 * letters, and NFKC leaves them as they are, yet a reader reads them as the word.
 */
const SMALL_CAPITALS: Readonly<Record<string, string>> = {
  ᴀ: "a",
  ʙ: "b",
  ᴄ: "c",
  ᴅ: "d",
  ᴇ: "e",
  ꜰ: "f",
  ɢ: "g",
  ʜ: "h",
  ɪ: "i",
  ᴊ: "j",
  ᴋ: "k",
  ʟ: "l",
  ᴍ: "m",
  ɴ: "n",
  ᴏ: "o",
  ᴘ: "p",
  ꞯ: "q",
  ʀ: "r",
  ꜱ: "s",
  ᴛ: "t",
  ᴜ: "u",
  ᴠ: "v",
  ᴡ: "w",
  ʏ: "y",
  ᴢ: "z",
};
const SMALL_CAPITAL = new RegExp(`[${Object.keys(SMALL_CAPITALS).join("")}]`, "gu");

/**
 * Unicode's confusable prototypes (TR39 confusables.txt, shipped as data by the unhomoglyph
 * package): one character → the sequence it is confused with (Armenian օ → o, Lisu ꓣ → R, m → rn).
 */
const PROTOTYPES: ReadonlyMap<string, string> = new Map(
  Object.entries(JSON.parse(readFileSync(require.resolve("unhomoglyph/data.json"), "utf8")) as Record<string, string>),
);

/**
 * The TR39 skeleton of a folded text, lower-cased: two texts that look alike have the same
 * skeleton. Latin small capitals read as their letters, then NFD, each character mapped to its
 * prototype, NFD again (TR39 §4), and case folded so that the upper-case prototypes (Lisu ꓣ → R)
 * meet the lists' lower case. Only the writer's own small capitals are read as letters: Cyrillic т
 * has the prototype ᴛ, and Russian тот is not German tot. Not for reading: Russian, Arabic or Thai
 * come out as a mix of look-alikes, which is why terms are looked for in a skeleton only as
 * skeletons themselves (one function for both). ASCII stays as it is (the texts are case folded
 * already): TR39 maps m to rn, which would make every German Pommes a porn*; digits written for
 * letters are leetFold's.
 */
export function skeletonFold(text: string): string {
  let out = "";
  for (const c of text.replace(SMALL_CAPITAL, (c) => SMALL_CAPITALS[c] ?? c).normalize("NFD"))
    out += c < "\u0080" ? c : (PROTOTYPES.get(c) ?? c);
  return out.normalize("NFD").toLowerCase();
}

/** Every variant a term (folded with plainFold ∘ baseFold) is looked for in. */
export function textVariants(text: string): string[] {
  const forms = hasUnusualSpace(text) ? [text, gluedFold(text)] : [text];
  const variants = forms.flatMap((form) => {
    const base = baseFold(form);
    const plain = plainFold(base);
    const leet = leetFold(plain);
    const compact = compactFold(leet);
    return [
      base,
      plain,
      leet,
      compact,
      collapseFold(compact),
      collapseFold(plain),
      confusableFold(plain),
      confusableFold(compact),
    ];
  });
  return [...new Set(variants)];
}

/** Every variant a term's skeleton (skeletonFold ∘ baseFold) is looked for in. */
export function skeletonVariants(text: string): string[] {
  const forms = hasUnusualSpace(text) ? [text, gluedFold(text)] : [text];
  const variants = forms.flatMap((form) => {
    const skeleton = skeletonFold(baseFold(form));
    const compact = compactFold(skeleton);
    return [skeleton, compact, collapseFold(compact)];
  });
  return [...new Set(variants)];
}

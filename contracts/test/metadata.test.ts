import { decodeBytes32String, keccak256, toUtf8Bytes } from "ethers";
import {
  canonicalMetadata,
  checkOptions,
  hasBidiControls,
  isBlankText,
  metadataPreimage,
  normalizeMarketText,
  visibleTextKey,
  type MarketMetadata,
} from "../src/metadata";
import { metadataHash, optionKey } from "../src/metadataHash";

/**
 * The one normalization, rule set and hash of a market's texts (src/metadata.ts, src/metadataHash.ts):
 * the api, the seed and the issue form all use these, so they must say exactly what is stored,
 * what looks empty or repeated, and what the chain's hash commits to.
 */
const BASE: MarketMetadata = {
  event: "Will it snow in London on New Year's Day?",
  category: "science",
  options: ["Yes", "No"],
  description: "Resolves to Yes if the Met Office records snowfall.",
  resolutionSource: "Met Office daily weather observations",
  url: "https://example.org/met",
  content: "",
};

describe("metadataHash covers every field a market page shows", () => {
  test("it is keccak256 of the canonical JSON, keys in a fixed order", () => {
    expect(metadataPreimage(BASE)).toBe(
      JSON.stringify({
        event: BASE.event,
        category: BASE.category,
        options: BASE.options,
        description: BASE.description,
        resolutionSource: BASE.resolutionSource,
        url: BASE.url,
        content: BASE.content,
      }),
    );
    expect(metadataHash(BASE)).toBe(keccak256(toUtf8Bytes(metadataPreimage(BASE))));
    // The order the caller wrote the fields in does not matter.
    const reordered = {
      content: BASE.content,
      url: BASE.url,
      resolutionSource: BASE.resolutionSource,
      description: BASE.description,
      options: BASE.options,
      category: BASE.category,
      event: BASE.event,
    };
    expect(metadataHash(reordered)).toBe(metadataHash(BASE));
  });

  test.each(["event", "category", "description", "resolutionSource", "url", "content"] as const)(
    "changing %s changes the hash",
    (field) => {
      expect(metadataHash({ ...BASE, [field]: `${BASE[field]} (changed)` })).not.toBe(metadataHash(BASE));
    },
  );

  test("changing, adding or reordering options changes the hash", () => {
    const hash = metadataHash(BASE);
    expect(metadataHash({ ...BASE, options: ["Yes", "Nope"] })).not.toBe(hash);
    expect(metadataHash({ ...BASE, options: ["No", "Yes"] })).not.toBe(hash);
    expect(metadataHash({ ...BASE, options: ["Yes", "No", "Maybe"] })).not.toBe(hash);
  });

  test("a missing optional text is the empty text", () => {
    const { description, resolutionSource, url, content, ...required } = BASE;
    expect(metadataHash(required)).toBe(
      metadataHash({ ...required, description: "", resolutionSource: "", url: "", content: "" }),
    );
    expect([description, resolutionSource, url, content].some((t) => t !== "")).toBe(true);
  });

  test("texts that read the same hash the same: NFC, invisible characters, surrounding blanks", () => {
    const messy = {
      ...BASE,
      event: `  ${BASE.event.replace("London", "Lon\u200bdon")}\u2060 `,
      description: `\ufeff${BASE.description}\u3164`,
      options: [" Yes\u200e", "No\u2800"],
      resolutionSource: BASE.resolutionSource.normalize("NFD"),
    };
    expect(metadataHash(messy)).toBe(metadataHash(BASE));
    expect(canonicalMetadata(messy)).toEqual(BASE);
  });
});

describe("normalizeMarketText: the stored form", () => {
  test.each([
    ["NFC", "cafe\u0301", "café"],
    ["zero-width space removed", "Y\u200bes", "Yes"],
    ["word joiner and invisible operators removed", "a\u2060b\u2062c", "abc"],
    ["byte-order mark removed", "\ufeffYes", "Yes"],
    ["bidi marks removed", "\u200eYes\u200f \u061cنعم", "Yes نعم"],
    ["soft hyphen removed", "Ro\u00adulette", "Roulette"],
    ["tag characters removed", "Yes\u{e0041}\u{e0042}", "Yes"],
    [
      "invisible Khmer vowels removed (every default-ignorable but joiners, selectors, fillers)",
      "rou\u17b4lette\u17b5",
      "roulette",
    ],
    ["deprecated format characters and unassigned ignorables removed", "a\u206ab\u2065c\ufff0d\u{e0fff}", "abcd"],
    ["shorthand and musical format controls removed", "a\u{1bca0}b\u{1d173}c", "abc"],
    ["variation selectors kept", "❤\ufe0f", "❤\ufe0f"],
    ["blank letters trimmed at both ends", "\u3164\u2800Yes\u115f\u1160\uffa0", "Yes"],
    ["whitespace trimmed", " \t Yes \n", "Yes"],
    ["joiners kept inside (scripts and emoji need them)", "👩\u200d💻 می\u200cخواهم", "👩\u200d💻 می\u200cخواهم"],
    ["joiners trimmed at the edges", "\u200dYes\u200c", "Yes"],
    ["inner line breaks kept", "line one\nline two", "line one\nline two"],
  ])("%s", (_name, input, expected) => {
    expect(normalizeMarketText(input)).toBe(expected);
  });
});

describe("the spec's empty and repeated rules, on what is seen", () => {
  test.each([
    ["zero-width space", "\u200b"],
    ["Hangul filler", "\u3164"],
    ["Braille blank", "\u2800\u2800"],
    ["word joiner and BOM", "\u2060\ufeff"],
    ["joiners and variation selectors", "\u200d\u200c\ufe0f"],
    ["tag characters", "\u{e0041}\u{e0020}"],
    ["invisible Khmer vowel", "\u17b5"],
    ["ideographic space", "\u3000"],
  ])("%s alone looks empty", (_name, text) => {
    expect(isBlankText(text)).toBe(true);
  });

  test("visible text is not empty", () => {
    for (const text of ["Yes", "是", "نعم", "❤️", "0"]) expect(isBlankText(text)).toBe(false);
  });

  test("options that read the same are one option: case, width, invisible characters, inner blanks", () => {
    expect(visibleTextKey("Ｙｅｓ")).toBe("yes");
    const check = checkOptions(["Yes", "YES", "Ｙｅｓ", "Y\u200bes", "New  York", "new\u3164york", "No"]);
    expect(check.list).toBeNull();
    expect(check.each).toEqual([
      null,
      { rule: "optionRepeated", sameAs: 0 },
      { rule: "optionRepeated", sameAs: 0 },
      { rule: "optionRepeated", sameAs: 0 },
      null,
      { rule: "optionRepeated", sameAs: 4 },
      null,
    ]);
  });

  test("no options, one option, an invisible option", () => {
    expect(checkOptions([]).list).toBe("optionsEmpty");
    expect(checkOptions(["Yes"]).list).toBe("optionsTooFew");
    expect(checkOptions(["Yes", "\u200b\u3164"]).each).toEqual([null, { rule: "optionEmpty" }]);
  });

  test("bidi embeddings, overrides and isolates are found (refused by the api), marks are not", () => {
    for (const c of ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]) {
      expect(hasBidiControls(`Yes${c}`)).toBe(true);
    }
    expect(hasBidiControls("Yes\u200f")).toBe(false);
  });
});

describe("optionKey: the option as the chain stores it", () => {
  test("a short option is its normalized text, a long one its hash", () => {
    expect(decodeBytes32String(optionKey(" Y\u200bes "))).toBe("Yes");
    const long = "An option long enough to need more than thirty-one bytes";
    expect(optionKey(`${long}\u200b`)).toBe(keccak256(toUtf8Bytes(long)));
  });
});

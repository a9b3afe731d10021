import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Type, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { baseFold, denseFold, mixedScriptWords, plainFold, skeletonFold, skeletonVariants, textVariants } from "./normalize";

/**
 * Content moderation for market metadata and challenge evidence. What is refused or held lives in
 * data beside this file: `wordlists/<lang>.json` (gambling and inappropriate terms per language,
 * refuse and audit lists by category) and `rules.json` (link and look-alike rules). Every list is
 * checked against every text field whatever its language, after the folds of normalize.ts.
 *
 * Moderation judges content, not markup: there is no markup denylist (one is always bypassed —
 * `<details ontoggle>`, `java\tscript:`, entities …). Every page renders user text as text, never
 * as HTML, and links only http(s) URLs; e2e/tests/security.spec.ts stores script payloads in every
 * user text field and checks none runs.
 */

const TermLists = Type.Record(Type.String({ pattern: "^[a-z]+$" }), Type.Array(Type.String({ minLength: 1 })));
const WordListFile = Type.Object({
  language: Type.String({ minLength: 2, maxLength: 2 }),
  match: Type.Union([Type.Literal("word"), Type.Literal("substring")]),
  /**
   * Word forms (plural, case endings) of a refused term without `*`: a term ending in a key also
   * matches with that ending replaced by each of its values; the key "" adds endings to every term
   * (en `"": ["s", "es"]`: roulette → roulettes). The longest key a term ends in applies. Audit
   * terms list their forms one by one: their plurals are often other words (war → Star Wars).
   */
  forms: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  refuse: TermLists,
  audit: TermLists,
});
export type WordList = Static<typeof WordListFile>;

const Action = Type.Union([Type.Literal("refuse"), Type.Literal("audit")]);
const RuleBase = {
  id: Type.String(),
  action: Action,
  reason: Type.String({ pattern: "^api\\.moderation\\." }),
  note: Type.Optional(Type.String()),
};
const RuleFile = Type.Object({
  version: Type.Literal(1),
  rules: Type.Array(
    Type.Union([
      Type.Object({
        ...RuleBase,
        kind: Type.Literal("textPattern"),
        pattern: Type.String(),
        fields: Type.Optional(Type.Array(Type.String())),
      }),
      Type.Object({ ...RuleBase, kind: Type.Literal("urlScheme"), allow: Type.Array(Type.String()) }),
      Type.Object({ ...RuleBase, kind: Type.Literal("urlHost"), hosts: Type.Array(Type.String()) }),
      Type.Object({ ...RuleBase, kind: Type.Literal("urlIpHost") }),
      Type.Object({ ...RuleBase, kind: Type.Literal("mixedScript") }),
    ]),
  ),
});
type Rule = Static<typeof RuleFile>["rules"][number];

export type ModerationAction = "refuse" | "audit";
export interface ModerationHit {
  action: ModerationAction;
  /** Message key of the reason: api.moderation.<category or rule>. */
  reason: string;
  /** The submitted field it was found in (`event`, `options.1`, `url`, …). */
  field: string;
  rule: string;
  /** The listed term (as written in the list) or the offending fragment. */
  term: string;
  language: string | null;
}
export interface ModerationResult {
  decision: "approved" | "audit" | "refused";
  /** The deciding hit's reason, null when approved. */
  reason: string | null;
  hits: ModerationHit[];
}

/** A submission's text fields by name (`options.N` for each option). */
export type ModerationFields = ReadonlyArray<readonly [field: string, text: string]>;

const CONTENT_DIR = __dirname;

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

export function loadWordLists(dir = path.join(CONTENT_DIR, "wordlists")): WordList[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const data = readJson(path.join(dir, name));
      if (!Value.Check(WordListFile, data)) throw new Error(`content/wordlists/${name}: not a valid word list`);
      return data;
    });
}

export function loadRules(file = path.join(CONTENT_DIR, "rules.json")): Rule[] {
  const data = readJson(file);
  if (!Value.Check(RuleFile, data)) throw new Error("content/rules.json: not a valid rule file");
  return data.rules;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A term with its word forms (list.forms), as written; a `*` term matches any ending already. */
function termForms(term: string, forms: WordList["forms"]): string[] {
  if (term.endsWith("*") || !forms) return [term];
  const ending = Object.keys(forms)
    .filter((key) => term.endsWith(key))
    .sort((a, b) => b.length - a.length)[0];
  if (ending === undefined) return [term];
  const stem = term.slice(0, term.length - ending.length);
  return [term, ...(forms[ending] ?? []).map((replacement) => stem + replacement)];
}

/**
 * A list term as a regex source over texts folded by `fold`: each word of the term folded the same
 * way, spaces, hyphens or nothing between its words, `*` at the end matching any word ending, and
 * its word forms as alternatives.
 */
function termSource(term: string, forms: WordList["forms"], fold: (text: string) => string): string {
  const alternatives = termForms(term, forms).map((form) => {
    const prefix = form.endsWith("*");
    const body = (prefix ? form.slice(0, -1) : form)
      .split(/[\s\-_]+/)
      .filter(Boolean)
      .map((word) => escapeRegex(fold(word)))
      .join("[\\s\\-_]*");
    return prefix ? `${body}[\\p{L}\\p{N}\\p{M}]*` : body;
  });
  return alternatives.length === 1 ? (alternatives[0] ?? "") : `(?:${alternatives.join("|")})`;
}

/** How list terms are folded: like the text variants they are looked for in. */
const FOLDS = {
  plain: (text: string) => plainFold(baseFold(text)),
  skeleton: (text: string) => skeletonFold(baseFold(text)),
} as const;
type FoldName = keyof typeof FOLDS;

const NEVER = /(?!)/u;
/** A term written in Latin letters only (roulette, cò quay), the kind look-alikes disguise. */
function isLatinTerm(term: string): boolean {
  return /^[\p{Script=Latin}\P{L}]*$/u.test(term) && /\p{L}/u.test(term);
}

interface CompiledList {
  language: string;
  match: WordList["match"];
  action: ModerationAction;
  category: string;
  /** Every term, folded for the text variants of that fold. */
  regex: Record<FoldName, RegExp>;
  /** Each term (folded per fold) → the term as listed, to report what matched. */
  terms: { source: Record<FoldName, RegExp>; term: string }[];
}

function compileLists(lists: readonly WordList[]): CompiledList[] {
  const compiled: CompiledList[] = [];
  for (const list of lists) {
    for (const action of ["refuse", "audit"] as const) {
      for (const [category, terms] of Object.entries(list[action])) {
        if (terms.length === 0) continue;
        // Word lists match whole words (so "class" never hits "ass"); scripts written without
        // spaces (Chinese, Japanese, Thai, Korean with particles, Arabic with clitics) match inside words.
        const bounded = (source: string) =>
          list.match === "word" ? `(?<![\\p{L}\\p{N}\\p{M}])${source}(?![\\p{L}\\p{N}\\p{M}])` : source;
        const compile = (fold: FoldName, group: readonly string[]) => {
          const forms = action === "refuse" ? list.forms : undefined;
          // Skeletons unmask Latin words written with other scripts' look-alikes; a Russian, Arabic
          // or Thai term is not looked for in skeletons, where its own letters would meet others'.
          const looked = fold === "skeleton" ? group.filter(isLatinTerm) : group;
          if (looked.length === 0) return NEVER;
          const sources = looked.map((term) => termSource(term, forms, FOLDS[fold])).sort((a, b) => b.length - a.length);
          return new RegExp(bounded(`(?:${sources.join("|")})`), "u");
        };
        compiled.push({
          language: list.language,
          match: list.match,
          action,
          category,
          regex: { plain: compile("plain", terms), skeleton: compile("skeleton", terms) },
          terms: terms.map((term) => ({
            source: { plain: compile("plain", [term]), skeleton: compile("skeleton", [term]) },
            term,
          })),
        });
      }
    }
  }
  return compiled;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"'()]+/giu;
const SCHEME_IN_TEXT = /\b([a-z][a-z0-9+.-]{1,20}):\/\//giu;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export interface Moderator {
  check(fields: ModerationFields): ModerationResult;
  lists: readonly WordList[];
  rules: readonly Rule[];
}

export function createModerator(lists: readonly WordList[] = loadWordLists(), rules: readonly Rule[] = loadRules()): Moderator {
  const compiled = compileLists(lists);
  const patterns = new Map(
    rules.flatMap((r) => (r.kind === "textPattern" ? [[r.id, new RegExp(r.pattern, "iu")] as const] : [])),
  );

  function check(fields: ModerationFields): ModerationResult {
    const hits: ModerationHit[] = [];
    const variantsOf = fields.map(([field, text]) => {
      const variants = textVariants(text);
      const skeletons = skeletonVariants(text);
      return {
        field,
        text,
        variants,
        byFold: {
          plain: { variants, dense: [...new Set(variants.map(denseFold))] },
          skeleton: { variants: skeletons, dense: [...new Set(skeletons.map(denseFold))] },
        },
      };
    });

    for (const list of compiled) {
      for (const { field, byFold } of variantsOf) {
        let found: { fold: FoldName; variant: string } | undefined;
        for (const fold of ["plain", "skeleton"] as const) {
          const { variants, dense } = byFold[fold];
          const candidates = list.match === "substring" ? [...variants, ...dense] : variants;
          const variant = candidates.find((v) => list.regex[fold].test(v));
          if (variant !== undefined) {
            found = { fold, variant };
            break;
          }
        }
        if (found === undefined) continue;
        const { fold, variant } = found;
        const term = list.terms.find((t) => t.source[fold].test(variant))?.term ?? "";
        hits.push({
          action: list.action,
          reason: `api.moderation.${list.category}`,
          field,
          rule: `wordlist:${list.language}`,
          term,
          language: list.language,
        });
      }
    }

    const urls = variantsOf.flatMap(({ field, text }) => {
      const found = field === "url" && text.trim() !== "" ? [text.trim()] : [];
      return [...found, ...(text.match(URL_IN_TEXT) ?? [])].map((url) => ({ field, url }));
    });
    for (const rule of rules) {
      const hit = (field: string, term: string) =>
        hits.push({ action: rule.action, reason: rule.reason, field, rule: rule.id, term: term.slice(0, 200), language: null });
      switch (rule.kind) {
        case "textPattern": {
          const regex = patterns.get(rule.id);
          for (const { field, variants } of variantsOf) {
            if (rule.fields && !rule.fields.some((f) => field === f || field.startsWith(`${f}.`))) continue;
            const match = variants.map((v) => regex?.exec(v)).find((m) => m);
            if (match) hit(field, match[0]);
          }
          break;
        }
        case "urlScheme":
          for (const { field, text } of variantsOf) {
            const schemes = [...baseFold(text).matchAll(SCHEME_IN_TEXT)].map((m) => (m[1] ?? "").toLowerCase());
            if (field === "url" && text.trim() !== "") schemes.push(text.trim().split(":")[0]?.toLowerCase() ?? "");
            const bad = schemes.find((scheme) => !rule.allow.includes(scheme));
            if (bad !== undefined) hit(field, `${bad}:`);
          }
          break;
        case "urlHost":
          for (const { field, url } of urls) {
            const host = hostOf(url);
            if (host && rule.hosts.some((h) => host === h || host.endsWith(`.${h}`))) hit(field, host);
          }
          break;
        case "urlIpHost":
          for (const { field, url } of urls) {
            const host = hostOf(url);
            if (host && (IPV4.test(host) || host.startsWith("["))) hit(field, host);
          }
          break;
        case "mixedScript":
          for (const { field, text } of variantsOf) {
            const words = mixedScriptWords(baseFold(text));
            if (words[0] !== undefined) hit(field, words[0]);
          }
          break;
      }
    }

    const refusal = hits.find((h) => h.action === "refuse");
    const hold = hits.find((h) => h.action === "audit");
    if (refusal) return { decision: "refused", reason: refusal.reason, hits };
    if (hold) return { decision: "audit", reason: hold.reason, hits };
    return { decision: "approved", reason: null, hits };
  }

  return { check, lists, rules };
}

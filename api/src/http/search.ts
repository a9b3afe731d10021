import { sql, type RawBuilder } from "kysely";
import type { Dialect } from "../db/connect";

/**
 * Full-text search over event text and option labels, through the database's index (SQLite FTS5
 * `market_search`, PostgreSQL `market_metadata.search` tsvector). User text never reaches the query
 * language: it is folded and cut into letter/number tokens, each quoted as a literal and matched as
 * a prefix, then passed as a bound parameter.
 */
const MAX_TOKENS = 8;
const MAX_TOKEN_LENGTH = 64;

/**
 * The fold applied both to what is indexed (search_text) and to what is searched, so both databases
 * match the same way: NFKC (full-width and compatibility forms), lower case, Latin/Greek/Cyrillic
 * diacritics removed (the combining block U+0300–U+036F only, so Thai and Arabic marks stay).
 */
export function foldSearchText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC");
}

/** The letter/number runs of a search text, as FTS5's unicode61 tokenizer cuts them. */
export function searchTokens(text: string): string[] {
  const tokens = foldSearchText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0)
    .map((token) => token.slice(0, MAX_TOKEN_LENGTH));
  return [...new Set(tokens)].slice(0, MAX_TOKENS);
}

/** The text stored in market_metadata.search_text for an event and its options. */
export function searchTextOf(event: string, options: readonly string[]): string {
  return foldSearchText([event, ...options].join(" \n "));
}

/** FTS5: every token a quoted string (quotes doubled) with a prefix star, all required. */
export function fts5Query(tokens: readonly string[]): string {
  return tokens.map((token) => `"${token.replace(/"/g, '""')}"*`).join(" ");
}

/** tsquery: every token a quoted lexeme (quotes doubled, backslashes escaped) as a prefix, all required. */
export function tsQuery(tokens: readonly string[]): string {
  return tokens.map((token) => `'${token.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*`).join(" & ");
}

/** A condition on the `mm` (market_metadata) alias that the search matches, or null for no search. */
export function searchCondition(dialect: Dialect, tokens: readonly string[]): RawBuilder<boolean> | null {
  if (tokens.length === 0) return null;
  if (dialect === "sqlite") {
    return sql<boolean>`mm.rowid in (select rowid from market_search where market_search match ${fts5Query(tokens)})`;
  }
  return sql<boolean>`mm.search @@ to_tsquery('simple', ${tsQuery(tokens)})`;
}

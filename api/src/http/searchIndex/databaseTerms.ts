import SQLite from "better-sqlite3";
import { sql } from "kysely";
import type { Db } from "../../db/connect";
import { tsQuery } from "../search";

/**
 * The database's own terms (what the index's answers must agree with): FTS5's tokens of search_text
 * on SQLite (an in-memory FTS5 table with the same tokenizer as market_search), the tsvector's
 * lexemes on PostgreSQL; and a search word turned into a term by the same database code (FTS5 /
 * to_tsquery).
 */

/** The tokenizer of market_search (db/migrations/001_initial.ts), for the in-memory FTS5 table. */
const FTS5_TOKENIZE = "unicode61 remove_diacritics 2";
const MAX_CACHED_WORDS = 50_000;

/** A document's metadata row with its terms. */
export interface DocumentTerms {
  status: string;
  category: string;
  terms: string[];
}

/** FTS5's tokens of texts, from an in-memory FTS5 table with market_search's tokenizer. */
class Fts5Tokens {
  private readonly mem = new SQLite(":memory:");
  private readonly insert: SQLite.Statement;
  private readonly read: SQLite.Statement;
  private readonly clear: SQLite.Statement;

  constructor() {
    this.mem.exec(`create virtual table tok using fts5(t, content='', tokenize='${FTS5_TOKENIZE}');
      create virtual table tok_terms using fts5vocab('tok', 'instance');`);
    this.insert = this.mem.prepare("insert into tok(rowid, t) values (?, ?)");
    this.read = this.mem.prepare("select term, doc from tok_terms order by doc, offset").raw();
    this.clear = this.mem.prepare("insert into tok(tok) values ('delete-all')");
  }

  /** Each text's tokens in order (repeats kept). */
  of(texts: readonly string[]): string[][] {
    const out: string[][] = texts.map(() => []);
    this.mem.transaction(() => {
      texts.forEach((text, i) => this.insert.run(i + 1, text));
      for (const [term, doc] of this.read.all() as [string, number][]) out[doc - 1]?.push(term);
      this.clear.run();
    })();
    return out;
  }

  close(): void {
    this.mem.close();
  }
}

export class DatabaseTerms {
  private readonly fts5: Fts5Tokens | null;
  private readonly words = new Map<string, string | null>();

  constructor(private readonly db: Db) {
    this.fts5 = db.dialect === "sqlite" ? new Fts5Tokens() : null;
  }

  close(): void {
    this.fts5?.close();
  }

  /** The database's term for a search word, or null when it is not exactly one term there. */
  async termOf(word: string): Promise<string | null> {
    const known = this.words.get(word);
    if (known !== undefined) return known;
    let term: string | null;
    if (this.fts5) {
      const tokens = this.fts5.of([word])[0] ?? [];
      term = tokens.length === 1 ? (tokens[0] as string) : null;
    } else {
      const row = await sql<{
        nodes: number;
        lexemes: string[];
      }>`select numnode(to_tsquery('simple', ${tsQuery([word])})) as nodes,
        tsvector_to_array(to_tsvector('simple', ${word})) as lexemes`.execute(this.db.kysely);
      const found = row.rows[0];
      term = found && Number(found.nodes) === 1 && found.lexemes.length === 1 ? (found.lexemes[0] as string) : null;
    }
    if (this.words.size >= MAX_CACHED_WORDS) this.words.clear();
    this.words.set(word, term);
    return term;
  }

  /** The metadata of `hashes` (those that have any) with each document's distinct terms. */
  async documents(hashes: readonly string[]): Promise<Map<string, DocumentTerms>> {
    const found = new Map<string, DocumentTerms>();
    if (this.fts5) {
      const rows = await this.db.kysely
        .selectFrom("market_metadata")
        .select(["hash", "status", "category", "search_text"])
        .where("hash", "in", hashes)
        .execute();
      const tokens = this.fts5.of(rows.map((r) => r.search_text));
      rows.forEach((r, k) => found.set(r.hash, { status: r.status, category: r.category, terms: [...new Set(tokens[k])] }));
    } else {
      const rows = await sql<{ hash: string; status: string; category: string; lexemes: string[] }>`
          select hash, status, category, tsvector_to_array(search) as lexemes from market_metadata
          where hash in (${sql.join(hashes)})`.execute(this.db.kysely);
      for (const r of rows.rows) found.set(r.hash, { status: r.status, category: r.category, terms: r.lexemes });
    }
    return found;
  }
}

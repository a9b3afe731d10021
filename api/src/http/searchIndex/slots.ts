import { enums } from "@prds/contracts";
import { PHASES, STATUS_TABS, type MarketListStatus } from "@prds/api-schema";
import { CLOSING_SOON_SECONDS, phaseTab, type ListTab } from "../listTabs";
import type { DocumentTerms } from "./databaseTerms";
import { TermDictionary } from "./terms";

/**
 * The slot store: every listed market is a slot in arrays (in the order they were read), with what
 * every search reads for each hit, typed; the documents and categories they use; the volume and
 * newest orders; and each slot's class (listed, with its tab bits). refresh.ts fills it,
 * query.ts reads it.
 */

/** Bit i: STATUS_TABS[i]. */
export const TAB_BITS = Object.fromEntries(STATUS_TABS.map((tab, i) => [tab, 1 << i])) as Record<
  (typeof STATUS_TABS)[number],
  number
>;
/** Approved metadata: the market is listed (with no tab bit when its phase is in no tab). */
export const LISTED = 1 << STATUS_TABS.length;
export const TAB_BIT: Record<MarketListStatus, number> = { all: LISTED - 1, ...TAB_BITS };

/** A phase's tab bits (listTabs.ts phaseTab), by its IMarketsTypes.Phase number. */
interface PhaseBits {
  /** 0: none (fixed); else the deadline is the last trading time (1) or the window's end (2). */
  deadline: 0 | 1 | 2;
  before: number;
  after: number;
  afterPremiumMissed: number;
}

const PHASE_BITS: (PhaseBits | undefined)[] = [];
for (const phase of PHASES) {
  const tab = phaseTab(phase);
  const bit = (t: ListTab): number => TAB_BITS[t];
  PHASE_BITS[enums.IMarketsTypes.Phase.indexOf(phase)] =
    tab.deadline === null
      ? { deadline: 0, before: bit(tab.tab), after: 0, afterPremiumMissed: 0 }
      : {
          deadline: tab.deadline === "last_trading_time" ? 1 : 2,
          before: bit(tab.before),
          after: bit(tab.after),
          afterPremiumMissed: bit(tab.afterPremiumMissed),
        };
}

/** Not a phase the contracts name (none today): in no tab, as in SQL. */
const UNKNOWN_PHASE = 255;

/** listTabs.ts tabCondition for one market: which tabs it is in (bits of STATUS_TABS). */
function tabBits(phase: number, ltt: number, windowEnd: number, premiumMet: boolean, now: number): number {
  const rule = PHASE_BITS[phase];
  if (rule === undefined) return 0;
  if (rule.deadline === 0) return rule.before;
  const end = rule.deadline === 1 ? ltt : windowEnd;
  if (end > now) {
    return rule.before === TAB_BITS.open && end <= now + CLOSING_SOON_SECONDS ? rule.before | TAB_BITS.closingSoon : rule.before;
  }
  return premiumMet ? rule.after : rule.afterPremiumMissed;
}

/** The markets columns the index keeps (refresh.ts reads them). */
export interface MarketColumns {
  id: number | string;
  metadata_hash: string;
  volume: string;
  phase: string;
  last_trading_time: number | string;
  window_end: number | string | null;
  buyers_stake: string;
  updated_block: number | string;
}

export interface MetadataRow {
  hash: string;
  status: string;
  category: string;
}

interface Doc {
  status: string;
  category: string;
  /** Its terms once read (only for metadata some market uses). */
  terms: string[] | null;
  slots: number[];
}

export class SlotStore {
  // One slot per market, in the order they were read.
  ids: number[] = [];
  private readonly slotOf = new Map<number, number>();
  private docOf: Doc[] = [];
  private buyers: bigint[] = [];
  private volume: bigint[] = [];
  // Per slot, typed (what every search reads for each hit); grown by doubling.
  private phase = new Uint8Array(0);
  private ltt = new Float64Array(0);
  private windowEnd = new Float64Array(0);
  /** The category's number when the market's metadata is approved, else -1 (not listed). */
  listed = new Int32Array(0);
  /** 1 when buyers_stake >= premiumFor (the minimum premium the flags were set for). */
  private premiumMet = new Uint8Array(0);
  premiumFor: bigint | null = null;
  /** classesAt's answer, for the time it was made at (stale once a slot changes). */
  private classes = new Uint8Array(0);
  private classesNow = Number.NaN;
  private classesStale = true;
  private readonly docs = new Map<string, Doc>();
  readonly categories = new Map<string, number>();
  readonly terms = new TermDictionary();
  orderVolume: Int32Array = new Int32Array(0);
  rankVolume: Int32Array = new Int32Array(0);
  orderNewest: Int32Array = new Int32Array(0);
  rankNewest: Int32Array = new Int32Array(0);
  // Scratch space for one search at a time (query.ts).
  scratchSlots = new Int32Array(0);
  scratchTab = new Int32Array(0);
  readonly scratchCount = new Int32Array(2 * LISTED);
  /** Metadata hashes some market uses whose terms are not read yet. */
  private readonly needTerms = new Set<string>();
  /** Slots whose volume or existence changed since the orders were last made. */
  private readonly changedVolume = new Set<number>();

  /** `forget` is told the ids of markets whose page rows may have changed ("all" when every one may). */
  constructor(private readonly forget: (ids: Iterable<number> | "all") => void) {}

  /** Everything dropped: slots are numbered anew. */
  reset(): void {
    this.ids = [];
    this.slotOf.clear();
    this.docOf = [];
    this.buyers = [];
    this.volume = [];
    this.phase = new Uint8Array(0);
    this.ltt = new Float64Array(0);
    this.windowEnd = new Float64Array(0);
    this.listed = new Int32Array(0);
    this.premiumMet = new Uint8Array(0);
    this.docs.clear();
    this.needTerms.clear();
    this.categories.clear();
    this.terms.clear();
    this.changedVolume.clear();
    // Slots are numbered anew: the orders are made again from nothing.
    this.orderVolume = new Int32Array(0);
    this.rankVolume = new Int32Array(0);
    this.orderNewest = new Int32Array(0);
    this.rankNewest = new Int32Array(0);
    this.forget("all");
  }

  applyMarkets(rows: readonly MarketColumns[]): void {
    if (rows.length === 0) return;
    this.classesStale = true;
    this.forget(rows.map((row) => Number(row.id)));
    for (const row of rows) {
      const id = Number(row.id);
      let slot = this.slotOf.get(id);
      const volume = BigInt(row.volume);
      if (slot === undefined) {
        slot = this.ids.length;
        this.grow(slot + 1);
        this.slotOf.set(id, slot);
        this.ids.push(id);
        this.volume.push(volume);
        this.changedVolume.add(slot);
        const doc = this.docFor(row.metadata_hash);
        this.docOf.push(doc);
        doc.slots.push(slot);
        this.listed[slot] = this.listedOf(doc);
        if (doc.terms) this.terms.post(doc.terms, slot);
      } else if (this.volume[slot] !== volume) {
        this.volume[slot] = volume;
        this.changedVolume.add(slot);
      }
      // The contracts' IMarketsTypes.Phase number; an unknown phase (none today) is in no tab, as in SQL.
      const phase = enums.IMarketsTypes.Phase.indexOf(row.phase as (typeof enums.IMarketsTypes.Phase)[number]);
      this.phase[slot] = phase < 0 ? UNKNOWN_PHASE : phase;
      this.ltt[slot] = Number(row.last_trading_time);
      this.windowEnd[slot] = row.window_end === null ? 0 : Number(row.window_end);
      const buyers = BigInt(row.buyers_stake);
      this.buyers[slot] = buyers;
      if (this.premiumFor !== null) this.premiumMet[slot] = buyers >= this.premiumFor ? 1 : 0;
    }
  }

  applyMetadata(rows: readonly MetadataRow[]): void {
    if (rows.length > 0) this.classesStale = true;
    for (const row of rows) {
      const doc = this.docs.get(row.hash);
      // Metadata no market uses is read when a market comes to use it.
      if (!doc) continue;
      doc.status = row.status;
      doc.category = row.category;
      if (doc.terms === null) this.needTerms.add(row.hash);
      const listed = this.listedOf(doc);
      for (const slot of doc.slots) this.listed[slot] = listed;
      this.forget(doc.slots.map((slot) => this.ids[slot] as number));
    }
  }

  /** The hashes of documents some market uses whose terms are not read yet (then no longer kept). */
  takeNeededTerms(): string[] {
    const missing = [...this.needTerms];
    this.needTerms.clear();
    return missing;
  }

  get needsTerms(): boolean {
    return this.needTerms.size > 0;
  }

  /** A document's metadata and terms as read, or null when it has no metadata yet. */
  applyTerms(hash: string, row: DocumentTerms | null): void {
    const doc = this.docs.get(hash) as Doc;
    if (!row) {
      // No metadata yet: 'absent' until a later look finds it submitted (applyMetadata).
      doc.status = "absent";
      return;
    }
    doc.status = row.status;
    doc.category = row.category;
    doc.terms = row.terms;
    const listed = this.listedOf(doc);
    this.classesStale = true;
    for (const slot of doc.slots) {
      this.listed[slot] = listed;
      this.terms.post(row.terms, slot);
    }
  }

  private docFor(hash: string): Doc {
    let doc = this.docs.get(hash);
    if (!doc) {
      // Not read yet (or no metadata at all: then never listed).
      doc = { status: "missing", category: "", terms: null, slots: [] };
      this.docs.set(hash, doc);
      this.needTerms.add(hash);
    }
    return doc;
  }

  private listedOf(doc: Doc): number {
    if (doc.status !== "approved") return -1;
    let n = this.categories.get(doc.category);
    if (n === undefined) {
      n = this.categories.size;
      this.categories.set(doc.category, n);
    }
    return n;
  }

  /**
   * Each slot's class at `now`: LISTED (approved metadata) with its tab bits, 0 when not listed.
   * Made again when the head's time or a market has changed since (a pass over n slots, once per
   * block), instead of each search testing each hit's phase and times.
   */
  classesAt(now: number): Uint8Array {
    if (this.classesNow === now && !this.classesStale) return this.classes;
    const n = this.ids.length;
    const { classes, listed, phase, ltt, windowEnd, premiumMet } = this;
    for (let slot = 0; slot < n; slot++) {
      classes[slot] =
        (listed[slot] as number) < 0
          ? 0
          : LISTED | tabBits(phase[slot] as number, ltt[slot] as number, windowEnd[slot] as number, premiumMet[slot] === 1, now);
    }
    this.classesNow = now;
    this.classesStale = false;
    return classes;
  }

  /** The buyers_stake >= minimum premium flags, for another minimum (params are read once: once). */
  setPremium(minPremium: bigint): void {
    this.premiumFor = minPremium;
    this.classesStale = true;
    for (let slot = 0; slot < this.ids.length; slot++)
      this.premiumMet[slot] = (this.buyers[slot] as bigint) >= minPremium ? 1 : 0;
  }

  /** Room for `n` slots in the typed per-slot arrays and the bit sets. */
  private grow(n: number): void {
    if (this.phase.length >= n) return;
    const size = Math.max(n, this.phase.length * 2, 1024);
    const grown = <A extends Uint8Array | Int32Array | Float64Array>(from: A, to: A): A => {
      to.set(from);
      return to;
    };
    this.phase = grown(this.phase, new Uint8Array(size));
    this.ltt = grown(this.ltt, new Float64Array(size));
    this.windowEnd = grown(this.windowEnd, new Float64Array(size));
    this.listed = grown(this.listed, new Int32Array(size));
    this.premiumMet = grown(this.premiumMet, new Uint8Array(size));
    this.classes = new Uint8Array(size);
    this.classesStale = true;
    this.scratchSlots = new Int32Array(size);
    this.scratchTab = new Int32Array(size);
    // The term bit sets were sized for the old capacity: made again at their next use.
    this.terms.resize((size + 31) >>> 5);
  }

  /** The volume and newest orders (and their ranks) with the changed slots moved to their places. */
  reorder(): void {
    const n = this.ids.length;
    if (this.changedVolume.size === 0 && this.orderVolume.length === n) return;
    const byVolume = (a: number, b: number): number => {
      const va = this.volume[a] as bigint;
      const vb = this.volume[b] as bigint;
      if (va !== vb) return va > vb ? -1 : 1;
      return (this.ids[b] as number) - (this.ids[a] as number);
    };
    const byNewest = (a: number, b: number): number => (this.ids[b] as number) - (this.ids[a] as number);
    const grownBy = n - this.orderNewest.length;
    this.orderVolume = merged(this.orderVolume, this.changedVolume, n, byVolume);
    this.rankVolume = ranksOf(this.orderVolume);
    if (grownBy > 0) {
      const added = new Set<number>();
      for (let slot = n - grownBy; slot < n; slot++) added.add(slot);
      this.orderNewest = merged(this.orderNewest, added, n, byNewest);
      this.rankNewest = ranksOf(this.orderNewest);
    }
    this.changedVolume.clear();
  }
}

/** `order` without the `moved` slots, merged with them sorted: the new order of `n` slots. */
function merged(order: Int32Array, moved: ReadonlySet<number>, n: number, compare: (a: number, b: number) => number): Int32Array {
  const moving = [...moved].sort(compare);
  const out = new Int32Array(n);
  let i = 0;
  let j = 0;
  let k = 0;
  const next = (): number => {
    while (i < order.length && moved.has(order[i] as number)) i++;
    return i < order.length ? (order[i] as number) : -1;
  };
  let a = next();
  while (a >= 0 || j < moving.length) {
    const b = j < moving.length ? (moving[j] as number) : -1;
    if (b < 0 || (a >= 0 && compare(a, b) <= 0)) {
      out[k++] = a;
      i++;
      a = next();
    } else {
      out[k++] = b;
      j++;
    }
  }
  return out;
}

function ranksOf(order: Int32Array): Int32Array {
  const ranks = new Int32Array(order.length);
  for (let r = 0; r < order.length; r++) ranks[order[r] as number] = r;
  return ranks;
}

import type { MarketListSort, MarketListStatus, TabTotalsBody } from "@prds/api-schema";
import { LISTED, TAB_BIT, TAB_BITS, type SlotStore } from "./slots";

/**
 * A search answered from the slot store: the slots holding every word's terms, counted per tab
 * by their class, and only the tab's hits sorted by the rank kept per slot.
 */

export interface SearchRequest {
  tokens: readonly string[];
  category: string | null;
  tab: MarketListStatus;
  sort: MarketListSort;
  page: number;
  pageSize: number;
}

export interface SearchAnswer {
  tabs: TabTotalsBody;
  ids: number[];
}

/** The answer to `q` whose words are the database's `terms` (databaseTerms.ts). */
export function answer(
  store: SlotStore,
  terms: readonly string[],
  q: SearchRequest,
  now: number,
  minPremium: bigint,
): SearchAnswer {
  const tabs: TabTotalsBody = { all: 0, open: 0, closingSoon: 0, waitingResult: 0, challenging: 0, finished: 0 };
  const category = q.category === null ? -1 : (store.categories.get(q.category) ?? -2);
  if (category === -2) return { tabs, ids: [] };
  if (store.premiumFor !== minPremium) store.setPremium(minPremium);
  const n = store.ids.length;
  const words = (n + 31) >>> 5;
  const hits = store.scratchSlots;
  const found = store.terms.matching(terms, words, hits);
  const wanted = TAB_BIT[q.tab];
  const classes = store.classesAt(now);
  const listed = store.listed;
  // How many hits have each class (LISTED | tab bits): the totals are sums of these.
  const count = store.scratchCount;
  count.fill(0);
  const tabHits = store.scratchTab;
  let inTab = 0;
  for (let i = 0; i < found; i++) {
    const slot = hits[i] as number;
    const c = classes[slot] as number;
    if (c === 0 || (category >= 0 && listed[slot] !== category)) continue;
    count[c] = (count[c] as number) + 1;
    if (c & wanted) tabHits[inTab++] = slot;
  }
  for (let c = LISTED; c < count.length; c++) {
    const k = count[c] as number;
    if (k === 0) continue;
    tabs.all += k;
    if (c & TAB_BITS.open) tabs.open += k;
    if (c & TAB_BITS.closingSoon) tabs.closingSoon += k;
    if (c & TAB_BITS.waitingResult) tabs.waitingResult += k;
    if (c & TAB_BITS.challenging) tabs.challenging += k;
    if (c & TAB_BITS.finished) tabs.finished += k;
  }
  const offset = (q.page - 1) * q.pageSize;
  const end = Math.min(offset + q.pageSize, inTab);
  if (offset >= inTab) return { tabs, ids: [] };
  const order = q.sort === "newest" ? store.orderNewest : store.orderVolume;
  const ids: number[] = [];
  // Walking the order until the page is full reads about end × n / inTab slots; sorting the
  // tab's hits by rank costs about inTab × log2(inTab): the cheaper of the two.
  if (end * n <= inTab * inTab * Math.log2(inTab + 1) * 4) {
    const member = store.terms.scratchWord;
    member.fill(0, 0, words);
    for (let i = 0; i < inTab; i++) {
      const slot = tabHits[i] as number;
      member[slot >>> 5] = (member[slot >>> 5] as number) | (1 << (slot & 31));
    }
    let seen = 0;
    for (let r = 0; r < order.length && seen < end; r++) {
      const slot = order[r] as number;
      if (((member[slot >>> 5] as number) & (1 << (slot & 31))) === 0) continue;
      if (seen >= offset) ids.push(store.ids[slot] as number);
      seen++;
    }
    return { tabs, ids };
  }
  const rank = q.sort === "newest" ? store.rankNewest : store.rankVolume;
  const ranks = new Int32Array(inTab);
  for (let i = 0; i < inTab; i++) ranks[i] = rank[tabHits[i] as number] as number;
  ranks.sort();
  for (let i = offset; i < end; i++) ids.push(store.ids[order[ranks[i] as number] as number] as number);
  return { tabs, ids };
}

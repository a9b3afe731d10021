/**
 * The term dictionary: each term of the listed documents maps to the slots (slots.ts) whose
 * document holds it. A search word matches every term it is a prefix of; a common term keeps its
 * slots as a bit set too.
 */

/** A term with this many markets keeps them as a bit set too (n / 8 bytes). */
const BIT_SET_MIN = 256;

export class TermDictionary {
  private readonly postings = new Map<string, number[]>();
  private sortedTerms: string[] | null = null;
  // Bit sets over the slots: per common term, and scratch space for one search at a time.
  private readonly bitsets = new Map<string, Uint32Array>();
  /** A bit set over the slots' capacity, scratch space for one search at a time (query.ts uses it too). */
  scratchWord = new Uint32Array(0);

  clear(): void {
    this.postings.clear();
    this.bitsets.clear();
    this.sortedTerms = null;
  }

  /** Room for `words` words of bits: the common terms' bit sets are made again at their next use. */
  resize(words: number): void {
    this.scratchWord = new Uint32Array(words);
    this.bitsets.clear();
  }

  post(terms: readonly string[], slot: number): void {
    for (const term of terms) {
      const list = this.postings.get(term);
      if (list) {
        list.push(slot);
        const set = this.bitsets.get(term);
        if (set) set[slot >>> 5] = (set[slot >>> 5] as number) | (1 << (slot & 31));
      } else {
        this.postings.set(term, [slot]);
        this.sortedTerms = null;
      }
    }
  }

  /**
   * The slots whose document has, for every search word, a term the word is a prefix of: written
   * to `out`, their number returned. The rarest word's slots are the candidates; each other word
   * keeps those in its bit set (a common term keeps one; a rarer or many-term word's is made in
   * scratch space).
   */
  matching(prefixes: readonly string[], words: number, out: Int32Array): number {
    const terms = this.terms();
    const ranges = prefixes.map((prefix) => this.termRange(prefix));
    const size = ([lo, hi]: [number, number]): number => {
      let total = 0;
      for (let i = lo; i < hi; i++) total += (this.postings.get(terms[i] as string) as number[]).length;
      return total;
    };
    ranges.sort((a, b) => size(a) - size(b));
    let found = 0;
    const first = ranges[0];
    if (!first || first[0] === first[1]) return 0;
    if (first[1] - first[0] === 1) {
      // One term: its slots, each once.
      for (const slot of this.postings.get(terms[first[0]] as string) as number[]) out[found++] = slot;
    } else {
      const bits = this.wordBits(first[0], first[1], words);
      for (let w = 0; w < words; w++) {
        let bits32 = bits[w] as number;
        while (bits32 !== 0) {
          const low = bits32 & -bits32;
          bits32 ^= low;
          out[found++] = (w << 5) | (31 - Math.clz32(low));
        }
      }
    }
    for (let r = 1; r < ranges.length && found > 0; r++) {
      const [lo, hi] = ranges[r] as [number, number];
      const bits = this.wordBits(lo, hi, words);
      let kept = 0;
      for (let i = 0; i < found; i++) {
        const slot = out[i] as number;
        if (((bits[slot >>> 5] as number) & (1 << (slot & 31))) !== 0) out[kept++] = slot;
      }
      found = kept;
    }
    return found;
  }

  /** The slots of terms[lo..hi) as a bit set: a common term's own, else made in scratchWord. */
  private wordBits(lo: number, hi: number, words: number): Uint32Array {
    const terms = this.terms();
    if (hi - lo === 1 && (this.postings.get(terms[lo] as string) as number[]).length >= BIT_SET_MIN) {
      return this.bitsetOf(terms[lo] as string);
    }
    const bits = this.scratchWord;
    bits.fill(0, 0, words);
    for (let i = lo; i < hi; i++) {
      const term = terms[i] as string;
      const list = this.postings.get(term) as number[];
      if (list.length >= BIT_SET_MIN) {
        const set = this.bitsetOf(term);
        for (let w = 0; w < words; w++) bits[w] = (bits[w] as number) | (set[w] as number);
      } else {
        for (const slot of list) bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
      }
    }
    return bits;
  }

  /** A common term's slots as a bit set, made at its first use and kept up to date by post(). */
  private bitsetOf(term: string): Uint32Array {
    let set = this.bitsets.get(term);
    if (!set) {
      set = new Uint32Array(this.scratchWord.length);
      for (const slot of this.postings.get(term) as number[]) set[slot >>> 5] = (set[slot >>> 5] as number) | (1 << (slot & 31));
      this.bitsets.set(term, set);
    }
    return set;
  }

  /** The range [lo, hi) of sorted terms the word is a prefix of. */
  private termRange(prefix: string): [number, number] {
    const terms = this.terms();
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((terms[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < terms.length && (terms[end] as string).startsWith(prefix)) end++;
    return [lo, end];
  }

  private terms(): string[] {
    if (this.sortedTerms === null) this.sortedTerms = [...this.postings.keys()].sort();
    return this.sortedTerms;
  }
}

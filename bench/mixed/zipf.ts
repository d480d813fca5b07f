import { createPrng, type Prng } from '../../services/src/demo/prng.ts';

export { createPrng, type Prng };

/**
 * Zipf's law over ranks 0..n-1: rank k is drawn with weight 1 / (k + 1)^s, so the first is the most
 * common, the second half as common (s = 1), and so on: how shoppers pick pages, terms and screens.
 * The cumulative weights are computed once; a draw is a binary search.
 */
export class Zipf {
  private readonly cumulative: Float64Array;

  constructor(
    readonly n: number,
    readonly s = 1,
  ) {
    if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`Zipf needs at least one rank, got ${n}`);
    this.cumulative = new Float64Array(n);
    let total = 0;
    for (let k = 0; k < n; k++) {
      total += 1 / (k + 1) ** s;
      this.cumulative[k] = total;
    }
  }

  /** The probability of rank k. */
  probability(k: number): number {
    const total = this.cumulative[this.n - 1]!;
    return ((this.cumulative[k] ?? 0) - (k > 0 ? this.cumulative[k - 1]! : 0)) / total;
  }

  /** A rank in [0, n). */
  rank(random: Prng): number {
    const target = random.next() * this.cumulative[this.n - 1]!;
    let lo = 0;
    let hi = this.n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Items ranked most common first, drawn by Zipf's law. */
export class ZipfChoice<T> {
  private readonly zipf: Zipf;

  constructor(
    readonly items: readonly T[],
    s = 1,
  ) {
    this.zipf = new Zipf(items.length, s);
  }

  pick(random: Prng): T {
    return this.items[this.zipf.rank(random)]!;
  }
}

import { stockItemDecider, type StockItemEvent, type StockItemState } from '@shop/domain/catalogue/index';
import type { RecordedEvent } from '@shop/domain/shared/events';

export interface KnownStock {
  state: StockItemState;
  version: number;
}

/** How many stock items' states a process keeps; the least recently used are forgotten first. */
export const KNOWN_STOCK_LIMIT = 5_000;

/**
 * The stock item states this process last read or wrote, by stream, so that a checkout reads only
 * the events appended since instead of every stream whole (a popular item's stream grows by two
 * events a sale). Nothing is trusted without reading: the events after the kept version are always
 * read, so a state another process moved on is caught up before anything is decided on it, and
 * the expected-version append still refuses a stream that moves after the read. Events are never
 * removed from a stream, so a kept version never runs ahead of the store's.
 */
export class KnownStockStates {
  private readonly known = new Map<string, KnownStock>();
  /** Per stream, the promise the last step to ask for its lock resolves when it lets go. */
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly limit = KNOWN_STOCK_LIMIT) {}

  /**
   * The kept states of those of `streamIds` this process knows, as they are now: read only the events
   * after their versions, then `catchUp` from these (not from whatever is kept by then: another
   * request may have moved it on meanwhile).
   */
  keptOf(streamIds: readonly string[]): Map<string, KnownStock> {
    const kept = new Map<string, KnownStock>();
    for (const id of streamIds) {
      const stock = this.known.get(id);
      if (stock) kept.set(id, stock);
    }
    return kept;
  }

  /** A stream's state from `from` (none: the stream's start) and the events read after it, kept for next time. */
  catchUp(streamId: string, from: KnownStock | undefined, events: readonly RecordedEvent[]): KnownStock {
    const base = from ?? { state: stockItemDecider.initialState(), version: 0 };
    const next = {
      state: (events as unknown as StockItemEvent[]).reduce(stockItemDecider.evolve, base.state),
      version: base.version + events.length,
    };
    this.remember(streamId, next);
    return next;
  }

  /** Keeps a stream's state (after an append of this process's own), unless a newer one is kept. */
  remember(streamId: string, stock: KnownStock): void {
    const kept = this.known.get(streamId);
    if (kept && kept.version > stock.version) return;
    this.known.delete(streamId);
    this.known.set(streamId, stock);
    if (this.known.size > this.limit) this.known.delete(this.known.keys().next().value!);
  }

  /**
   * Runs `step` (decide on the newest kept states, then append) while no other step of this process
   * runs on any of `streamIds`. Two checkouts here holding or selling the same item then go one
   * after the other, each deciding on the state the other's append left, instead of both deciding on
   * the same version and one being refused. Locks are taken in one order, so steps cannot wait on
   * each other in a circle. (Other processes are still kept apart by the expected versions.)
   */
  async exclusive<T>(streamIds: readonly string[], step: () => Promise<T>): Promise<T> {
    const ids = [...new Set(streamIds)].sort();
    const releases: (() => void)[] = [];
    try {
      for (const id of ids) releases.push(await this.lock(id));
      return await step();
    } finally {
      for (const release of releases) release();
    }
  }

  private async lock(streamId: string): Promise<() => void> {
    const before = this.tails.get(streamId);
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    this.tails.set(streamId, mine);
    await before;
    return () => {
      if (this.tails.get(streamId) === mine) this.tails.delete(streamId);
      release();
    };
  }

  get size(): number {
    return this.known.size;
  }
}

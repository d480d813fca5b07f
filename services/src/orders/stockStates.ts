import { stockItemDecider, type StockItemEvent, type StockItemState } from '@shop/domain/catalogue/index';
import { KnownStates, type KnownState } from '../commands/knownStates.ts';

export type KnownStock = KnownState<StockItemState>;

/** How many stock items' states a process keeps; the least recently used are forgotten first. */
export const KNOWN_STOCK_LIMIT = 5_000;

/**
 * The stock item states this process keeps (see KnownStates), so that a checkout reads only the
 * events appended since, and the locks that keep this process's checkouts of one item in turn.
 */
export class KnownStockStates extends KnownStates<StockItemEvent, StockItemState> {
  /** Per stream, the promise the last step to ask for its lock resolves when it lets go. */
  private readonly tails = new Map<string, Promise<void>>();

  constructor(limit = KNOWN_STOCK_LIMIT) {
    super(stockItemDecider, limit);
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
}

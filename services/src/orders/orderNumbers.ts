/** The most order numbers one statement takes for a process (a busy process's block). */
export const ORDER_NUMBER_BLOCK_MAX = 50;

/**
 * How long a process holds numbers it took and has not given out: after this the rest are dropped
 * (gaps, never reuse), so an order's number is never more than this older than the order.
 */
export const ORDER_NUMBER_HOLD_MS = 1_000;

/** Takes `count` new numbers from the sequence, in one statement, in the order given out (ascending). */
export type TakeNumbers = (count: number) => Promise<number[]>;

/**
 * The order numbers a process has taken from the sequence and not yet given out (a member of Deps).
 * A quiet process takes them one at a time, as needed: numbers follow the orders in time, without
 * gaps. A busy one (a sale, new-comics day) runs out of a block within ORDER_NUMBER_HOLD_MS and takes
 * twice as many next time, up to ORDER_NUMBER_BLOCK_MAX; a block that expires with numbers left sizes
 * the next one by what was used of it. So at 50 first changes a second the order numbers cost one
 * statement a second instead of fifty, and at most a second's worth of numbers is skipped when the
 * load stops or the process ends.
 */
export class OrderNumbers {
  /** The last block taken, in order, and how many of it were given out. */
  private numbers: number[] = [];
  private givenOut = 0;
  private takenAt = -Infinity;
  private size = 0;
  private taking: Promise<void> | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The next order number: one this process holds, or one of a block taken now. */
  async next(take: TakeNumbers): Promise<number> {
    for (;;) {
      if (this.now() - this.takenAt < ORDER_NUMBER_HOLD_MS && this.givenOut < this.numbers.length) return this.numbers[this.givenOut++]!;
      this.taking ??= this.takeBlock(take).finally(() => (this.taking = null));
      await this.taking;
    }
  }

  private async takeBlock(take: TakeNumbers): Promise<void> {
    const ranOut = this.size > 0 && this.givenOut >= this.numbers.length && this.now() - this.takenAt < ORDER_NUMBER_HOLD_MS;
    this.size = ranOut ? Math.min(ORDER_NUMBER_BLOCK_MAX, this.size * 2) : Math.max(1, this.givenOut);
    const taken = await take(this.size);
    this.numbers = taken;
    this.givenOut = 0;
    this.takenAt = this.now();
  }
}

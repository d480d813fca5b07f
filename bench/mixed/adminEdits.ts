import type { LoadClient } from './http.ts';
import { OpenLoopLoad } from './openLoop.ts';

/** An item the admin edits: its id and the price override it had when the run began. */
export interface EditedItem {
  id: string;
  priceOverride: number;
}

/**
 * An admin editing the catalogue while the shop sells, at a set rate, open loop: each edit reprices
 * one in-stock item through `PUT /api/edit-stock/{id}` with the admin's bearer token, as the stock
 * page does, its price override moving a dollar up and, on its next turn, back. Through the day a
 * shop's staff correct prices and titles and the marketplace sync records listings: each such edit
 * used to empty every process's catalogue cache (migration 0225). Items are taken in turn from a
 * fixed set across the catalogue, none of the checkout pool's or the last copies'.
 */
export class AdminEdits extends OpenLoopLoad {
  private next = 0;
  private readonly raised = new Set<string>();
  /** Edits answered 200 since the start. */
  edited = 0;
  /** Edits answered otherwise, by status. */
  readonly failures = new Map<number, number>();

  constructor(
    private readonly client: LoadClient,
    private readonly items: readonly EditedItem[],
    rate: number,
    private readonly token: string,
  ) {
    super(items.length > 0 ? rate : 0);
  }

  protected due(): void {
    const item = this.items[this.next++ % this.items.length]!;
    this.track(this.reprice(item));
  }

  private async reprice(item: EditedItem): Promise<void> {
    const raise = !this.raised.has(item.id);
    if (raise) this.raised.add(item.id);
    else this.raised.delete(item.id);
    const answer = await this.client.json('PUT', `/edit-stock/${item.id}`, {
      headers: { authorization: `Bearer ${this.token}` },
      body: { priceOverride: item.priceOverride + (raise ? 100 : 0) },
    });
    if (answer.status === 200) this.edited++;
    else this.failures.set(answer.status, (this.failures.get(answer.status) ?? 0) + 1);
  }
}

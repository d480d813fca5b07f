import type { PostgresPool } from 'kysely';

/**
 * Sales first: how many connections browse and search may use at once on the server the shop's
 * commands write to. At most `max` (DB_BROWSE_POOL_SIZE), less one for each sale under way (a
 * shopper's update-order or complete-order call: stock held, a card charged), never fewer than `min`
 * (DB_BROWSE_POOL_MIN). Both share the server's cores, and PostgreSQL shares them evenly among its
 * busy connections: ten catalogue reads beside two checkouts give the checkouts a sixth of the
 * machine. Under a rush the catalogue reads wait here, in the API, instead.
 */
export interface BrowseShare {
  max: number;
  min: number;
}

/** The connections browse and search may hold while `sales` are under way. */
export const browseLimit = (share: BrowseShare, sales: number): number => Math.max(share.min, share.max - sales);

/**
 * Lets catalogue reads take a connection while fewer than browseLimit hold one; the others wait in
 * arrival order. The limit is asked again whenever a read or a sale ends, so reads take back their
 * share as soon as the sales that took it finish.
 */
export class BrowseGate {
  private held = 0;
  private sales = 0;
  private readonly waiting: Array<() => void> = [];

  private readonly share: BrowseShare;

  /** A floor above the pool's size is the pool's size. */
  constructor({ max, min }: BrowseShare) {
    this.share = { max, min: Math.min(min, max) };
  }

  private limit(): number {
    return browseLimit(this.share, this.sales);
  }

  /** What GET /api/status shows of the gate. */
  state(): { limit: number; held: number; waiting: number; sales: number } {
    return { limit: this.limit(), held: this.held, waiting: this.waiting.length, sales: this.sales };
  }

  /** Runs a sale (a shopper's update-order or complete-order call); browsing yields a connection while it runs. */
  async sale<T>(work: () => Promise<T>): Promise<T> {
    this.sales++;
    try {
      return await work();
    } finally {
      this.sales--;
      this.admit();
    }
  }

  enter(): Promise<void> {
    if (this.waiting.length === 0 && this.held < this.limit()) {
      this.held++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  leave(): void {
    this.held--;
    this.admit();
  }

  /** Lets in the waiting reads the limit now allows. */
  private admit(): void {
    if (this.waiting.length === 0) return;
    const limit = this.limit();
    while (this.waiting.length > 0 && this.held < limit) {
      this.held++;
      this.waiting.shift()!();
    }
  }
}

/** The pool as Kysely sees it, each connection taken only when the gate lets it. */
export function gatedPool(pool: PostgresPool, gate: BrowseGate): PostgresPool {
  return {
    connect: async () => {
      await gate.enter();
      try {
        const client = await pool.connect();
        let released = false;
        return {
          query: client.query,
          release: () => {
            if (released) return;
            released = true;
            client.release();
            gate.leave();
          },
        };
      } catch (e) {
        gate.leave();
        throw e;
      }
    },
    end: () => pool.end(),
  };
}

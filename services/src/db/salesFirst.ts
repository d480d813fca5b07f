import type { PostgresPool } from 'kysely';
import type pg from 'pg';

/**
 * Sales first: how many connections browse and search may use at once on the server the shop's
 * commands write to. At most `max` (DB_BROWSE_POOL_SIZE), less one for each connection the write
 * pool has in use or is waiting for (a checkout's reads and appends, an admin's command), never
 * fewer than `min` (DB_BROWSE_POOL_MIN). Both pools share the server's cores, and PostgreSQL shares
 * them evenly among its busy connections: ten catalogue reads beside two checkouts give the
 * checkouts a sixth of the machine. Under a rush the catalogue reads wait here, in the API, instead.
 */
export interface BrowseShare {
  max: number;
  min: number;
  /** The write pool's connections in use plus the callers waiting for one. */
  writesInUse(): number;
}

/** The gate of browse connections beside `writePool`: it lets waiting reads in as soon as a write connection comes back. */
export function salesFirstGate(writePool: pg.Pool, max: number, min: number): BrowseGate {
  const gate = new BrowseGate({
    max,
    min: Math.min(min, max),
    writesInUse: () => writePool.totalCount - writePool.idleCount + writePool.waitingCount,
  });
  // The pool tells of a release before it counts the connection idle: look once it has.
  writePool.on('release', () => queueMicrotask(() => gate.admit()));
  return gate;
}

/** The connections browse and search may hold now. */
export const browseLimit = (share: BrowseShare): number => Math.max(share.min, share.max - share.writesInUse());

/**
 * Lets catalogue reads take a connection while fewer than browseLimit hold one; the others wait in
 * arrival order. The limit is asked again at every release, so reads take back their share as soon
 * as the writes that took it finish.
 */
export class BrowseGate {
  private held = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly share: BrowseShare) {}

  /** What GET /api/status shows of the gate. */
  state(): { limit: number; held: number; waiting: number } {
    return { limit: browseLimit(this.share), held: this.held, waiting: this.waiting.length };
  }

  enter(): Promise<void> {
    if (this.waiting.length === 0 && this.held < browseLimit(this.share)) {
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
  admit(): void {
    if (this.waiting.length === 0) return;
    const limit = browseLimit(this.share);
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

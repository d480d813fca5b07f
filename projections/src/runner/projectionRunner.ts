import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { GlobalPosition } from '@shop/domain/shared/events';
import type { ReadModels } from '../schema.ts';
import { advanceCheckpoint, ensureCheckpointRow, readCheckpoint } from './checkpoints.ts';
import { comparePositionsFromStart, type EventSource } from './eventSource.ts';
import { SharedTail } from './sharedTail.ts';
import { typesOf, WaitForReadModel, type Projector } from './projector.ts';

export type ProjectorState = 'waiting-for-lock' | 'active' | 'stopped' | 'failing';

export interface RunnerOptions {
  db: Kysely<ReadModels>;
  /** Pool the advisory-lock connections are taken from (one held per active projector). */
  pool: pg.Pool;
  source: EventSource;
  projectors: readonly Projector[];
  batchSize?: number;
  /** How often to poll when no wake-up arrives, and to retry the lock while another instance holds it. */
  pollMs?: number;
  /**
   * After a batch smaller than batchSize, how long to let events gather before reading again. The
   * first event after a quiet spell is applied at once; under steady writes each projector then
   * reads and commits a few times a second instead of once per wake-up, for the same events.
   */
  gatherMs?: number;
  /**
   * Commit without waiting for the WAL to reach disk (`synchronous_commit = off` for the runner's
   * transactions only). Safe for read models: rows and checkpoint commit together, so a crash loses
   * both and the projector applies those events again; the event log itself is still written
   * durably. Not for reactors, whose effects (queued jobs) live outside the transaction.
   */
  asynchronousCommit?: boolean;
  log?: (message: string, extra?: Record<string, unknown>) => void;
  /** How long a projector waits for another read model (WaitForReadModel) before that is logged. */
  waitLoggedAfterMs?: number;
}

class StaleCheckpoint extends Error {}

/** How long a projector may wait for another read model (WaitForReadModel) before the runner logs it. */
export const WAIT_LOGGED_AFTER_MS = 30_000;

/** How long a checkpoint moved past events a projector does not want may go unwritten. */
export const CHECKPOINT_SAVE_MS = 1000;

/** Where a projector has read to, and what its checkpoint row says. */
interface Cursor {
  position: GlobalPosition | null;
  saved: GlobalPosition | null;
  savedAt: number;
  /** The last read filled a whole batch: more is waiting. */
  full?: boolean;
  /** Since when the projector has been waiting for another read model (WaitForReadModel). */
  waitingSince?: number;
}

const samePosition = (a: GlobalPosition | null, b: GlobalPosition | null) => comparePositionsFromStart(a, b) === 0;

/**
 * Runs projectors: each one checkpointed in the same transaction as its rows, and active in only
 * one process at a time (a PostgreSQL session advisory lock); other processes wait and take over
 * when the holder's connection dies.
 */
export class ProjectionRunner {
  private stopping = false;
  private readonly states = new Map<string, ProjectorState>();
  private readonly loops: Promise<void>[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly stopWaiters = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly gatherMs: number;
  /** The projectors' reads of the log: the end of it read once for all of them. */
  private readonly source: EventSource;

  constructor(private readonly options: RunnerOptions) {
    this.batchSize = options.batchSize ?? 1000;
    this.pollMs = options.pollMs ?? 250;
    this.gatherMs = options.gatherMs ?? 0;
    this.source = new SharedTail(options.source, {
      batchSize: this.batchSize,
      capacity: this.batchSize * 10,
      minIntervalMs: this.gatherMs / 2,
    });
  }

  start(): void {
    this.unsubscribe = this.source.onAppended(() => this.wakeAll());
    for (const projector of this.options.projectors) {
      this.states.set(projector.name, 'waiting-for-lock');
      this.loops.push(this.run(projector));
    }
  }

  private wakeAll(): void {
    for (const w of [...this.waiters]) w();
  }

  state(name: string): ProjectorState | undefined {
    return this.states.get(name);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.wakeAll();
    for (const w of [...this.stopWaiters]) w();
    await Promise.all(this.loops);
  }

  /** Resolves once every projector has caught up with the log as it was when called (for tests and tools). */
  async waitUntilCaughtUp(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (const p of this.options.projectors) {
      for (;;) {
        const checkpoint = await readCheckpoint(this.options.db, p.name);
        if ((await this.source.countAfter(checkpoint, typesOf(p))) === 0) break;
        if (Date.now() > deadline) throw new Error(`projector ${p.name} did not catch up in ${timeoutMs} ms`);
        await sleep(50); // counting is not free when far behind: do not compete with the projector
      }
    }
  }

  private async run(projector: Projector): Promise<void> {
    while (!this.stopping) {
      let lockClient: pg.PoolClient | null = null;
      try {
        const client = await this.options.pool.connect();
        // Another runner holds the projector: the connection goes back to the pool as it came, and
        // this runner asks again after a while. New events do not cut that wait short: a standby
        // woken by every append asked for the lock (on a fresh connection) a hundred times a second.
        const locked = await tryLock(client, projector.name).catch((e: unknown) => {
          client.release(true);
          throw e;
        });
        if (!locked) {
          client.release();
          this.states.set(projector.name, 'waiting-for-lock');
          await this.pause(this.pollMs * 4);
          continue;
        }
        lockClient = client;
        // A checked-out client reports a lost connection as an 'error' event (possibly more than once):
        // losing it means losing the lock, so the loop stops applying and starts over.
        let onLost: (e: Error) => void = () => undefined;
        const lockLost = new Promise<never>((_, reject) => (onLost = reject));
        lockLost.catch(() => undefined);
        lockClient.on('error', (e) => onLost(e));
        this.states.set(projector.name, 'active');
        this.options.log?.(`projector ${projector.name} active`);
        await ensureCheckpointRow(this.options.db, projector.name);
        await Promise.race([this.catchUpForever(projector), lockLost]);
      } catch (e) {
        if (this.stopping) break;
        this.states.set(projector.name, 'failing');
        this.options.log?.(`projector ${projector.name} failed: ${(e as Error).message}`, { error: e });
        await sleep(this.pollMs * 4);
      } finally {
        if (lockClient) {
          await lockClient.query('select pg_advisory_unlock_all()').catch(() => undefined);
          // Destroyed rather than returned: our error listener must not stay on a pooled client.
          lockClient.release(true);
        }
      }
    }
    this.states.set(projector.name, 'stopped');
  }

  private async catchUpForever(projector: Projector): Promise<void> {
    const saved = await readCheckpoint(this.options.db, projector.name);
    let cursor: Cursor = { position: saved, saved, savedAt: Date.now() };
    while (!this.stopping) {
      const next = await this.step(projector, cursor);
      if (next.position === cursor.position) await this.idle(this.pollMs);
      else if (this.gatherMs > 0 && !next.full) await this.pause(this.gatherMs);
      cursor = next;
    }
  }

  /**
   * Applies one batch; answers the new cursor, or the same one when there was nothing to read.
   * A batch with none of the projector's event types changes no rows: its checkpoint moves on in
   * memory and is written at most every CHECKPOINT_SAVE_MS (a restart reads those events again and
   * skips them again), so projectors that want few of the shop's events cost no transaction per wake-up.
   */
  private async step(projector: Projector, cursor: Cursor): Promise<Cursor> {
    const { position, saved } = cursor;
    const { events, next } = await this.source.readAll({
      after: position,
      limit: this.batchSize,
      types: typesOf(projector),
    });
    const moved = !!next && !samePosition(next, position);
    const target = moved ? next : position;
    const full = events.length >= this.batchSize;
    if (events.length === 0 && (samePosition(target, saved) || Date.now() - cursor.savedAt < CHECKPOINT_SAVE_MS)) {
      return moved ? { ...cursor, position: target, full } : cursor;
    }
    try {
      await this.options.db.transaction().execute(async (trx) => {
        if (this.options.asynchronousCommit) await sql`set local synchronous_commit = off`.execute(trx);
        if (events.length > 0) await projector.apply(trx, events);
        if (!(await advanceCheckpoint(trx, projector.name, saved, target!))) throw new StaleCheckpoint();
      });
    } catch (e) {
      if (e instanceof StaleCheckpoint) {
        const reread = await readCheckpoint(this.options.db, projector.name);
        return { position: reread, saved: reread, savedAt: Date.now() };
      }
      if (e instanceof WaitForReadModel) return this.waited(projector, cursor, e);
      throw e;
    }
    return { position: target, saved: target, savedAt: Date.now(), full };
  }

  /** The same batch is read again after a pause; a long wait is logged once. */
  private async waited(projector: Projector, cursor: Cursor, wait: WaitForReadModel): Promise<Cursor> {
    const since = cursor.waitingSince ?? Date.now();
    const longWait = Date.now() - since >= (this.options.waitLoggedAfterMs ?? WAIT_LOGGED_AFTER_MS);
    if (longWait) this.options.log?.(`projector ${projector.name} ${wait.message} (${Math.round((Date.now() - since) / 1000)} s)`);
    await this.pause(this.pollMs);
    return { ...cursor, waitingSince: longWait ? Date.now() : since };
  }

  /** Waits `ms`; a wake-up (new events) or stopping cuts it short. */
  private idle(ms: number): Promise<void> {
    return this.sleep(ms, this.waiters);
  }

  /** Waits `ms`; only stopping cuts it short (wake-ups are what it lets gather). */
  private pause(ms: number): Promise<void> {
    return this.sleep(ms, this.stopWaiters);
  }

  private sleep(ms: number, cutShortBy: Set<() => void>): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        cutShortBy.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      cutShortBy.add(done);
    });
  }
}

async function tryLock(client: pg.PoolClient, name: string): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(hashtext('projector:' || $1)) as ok`, [name]);
  return rows[0]!.ok;
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

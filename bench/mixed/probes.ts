import type pg from 'pg';
import { cpuByRole, POSTGRES_ROLES, readBackendsCpu, type BackendsCpu, type PostgresRole } from '../lib/postgresByRole.ts';
import { machineCpuMs, mainThreadSchedMs, processCpuMs, type CoreTime } from '../lib/processCpu.ts';
import type { LoadClient } from './http.ts';

/** The catalogue cache's counters over a phase: what it served, computed, and why kept answers went. */
export interface CacheFigures {
  hits: number;
  misses: number;
  dropped: number;
  soldOut: number;
  /** Kept answers served with newer live counts laid over them (each a new body to compress). */
  laidOut: number;
}

export interface ShopStatus {
  /** The API's catalogue cache counters, when its status shows them (drops 0 where it does not count them). */
  catalogueCache: CacheFigures | null;
  /** Email jobs not yet sent (waiting, active, delayed), when its status shows the queues. */
  emailBacklog: number | null;
  /** Events the projectors and reactors have still to apply. */
  eventsBehind: number;
  /** Search terms the API has gathered and not yet written to their orders, when its status shows them. */
  termsWaiting: number | null;
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** Reads GET /api/status: the cache counters (absent on an API that does not count), queues and lag. */
export async function readStatus(client: LoadClient): Promise<ShopStatus> {
  const answer = await client.json('GET', '/status');
  if (answer.status !== 200) throw new Error(`GET /api/status answered ${answer.status}${answer.error ? ` (${answer.error})` : ''}`);
  const data = (answer.data ?? {}) as {
    catalogueCache?: { hits?: unknown; misses?: unknown; dropped?: unknown; soldOut?: unknown; laidOut?: unknown };
    queues?: { email?: Record<string, unknown> } | null;
    projections?: { eventsBehind?: unknown }[];
    searchTerms?: { waiting?: unknown };
  };
  const cache = data.catalogueCache;
  const email = data.queues?.email;
  return {
    catalogueCache:
      cache && typeof cache.hits === 'number' && typeof cache.misses === 'number'
        ? {
            hits: cache.hits,
            misses: cache.misses,
            dropped: numberOr(cache.dropped, 0),
            soldOut: numberOr(cache.soldOut, 0),
            laidOut: numberOr(cache.laidOut, 0),
          }
        : null,
    emailBacklog: email ? numberOr(email.waiting, 0) + numberOr(email.active, 0) + numberOr(email.delayed, 0) : null,
    eventsBehind: (data.projections ?? []).reduce((n, p) => n + numberOr(p.eventsBehind, 0), 0),
    termsWaiting: typeof data.searchTerms?.waiting === 'number' ? data.searchTerms.waiting : null,
  };
}

/** Waits until the projectors and reactors have applied every event (or `timeoutMs` passed). */
export async function waitUntilCaughtUp(client: LoadClient, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if ((await readStatus(client)).eventsBehind === 0) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

export interface Processes {
  api: number;
  projector: number;
  worker: number;
  /** The bench's database (other databases on the server are others' work), whose backends' CPU is read. */
  database: pg.Pool;
}

interface CpuReading {
  at: number;
  machine: number | null;
  api: number | null;
  apiLoop: CoreTime | null;
  projector: number | null;
  worker: number | null;
  postgres: BackendsCpu;
  bench: NodeJS.CpuUsage;
}

/** CPU used in a window, in % of one core: 100 is one core busy the whole window. */
export interface CpuShares {
  machine: number | null;
  api: number | null;
  projector: number | null;
  worker: number | null;
  /** PostgreSQL's backends of the bench's database alive at the end of the window (those that ended in it are not counted). */
  postgres: number;
  /** The same, by the role each backend served (its application_name). */
  postgresByRole: Record<PostgresRole, number>;
  /** This process: the load generator, the Square simulator and the SMTP catcher. */
  bench: number;
  /**
   * The API's main thread (its event loop), in % of the window: on a core, and runnable but waiting
   * for one. Together near 100: the loop always had work, so the API's one thread was the limit.
   */
  apiLoop: CoreTime | null;
}

export async function readCpu(pids: Processes): Promise<CpuReading> {
  const postgres = await readBackendsCpu(pids.database);
  return {
    at: performance.now(),
    machine: machineCpuMs(),
    api: processCpuMs(pids.api),
    apiLoop: mainThreadSchedMs(pids.api),
    projector: processCpuMs(pids.projector),
    worker: processCpuMs(pids.worker),
    postgres,
    bench: process.cpuUsage(),
  };
}

export async function cpuShares(before: CpuReading, pids: Processes): Promise<CpuShares> {
  const after = await readCpu(pids);
  const ms = after.at - before.at;
  /** CPU time used over the window, in % of the window (of one core). */
  const percent = (used: number) => (used / ms) * 100;
  const share = (a: number | null, b: number | null) => (a === null || b === null ? null : percent(b - a));
  const bench = process.cpuUsage(before.bench);
  const byRole = cpuByRole(before.postgres, after.postgres);
  return {
    machine: share(before.machine, after.machine),
    api: share(before.api, after.api),
    projector: share(before.projector, after.projector),
    worker: share(before.worker, after.worker),
    postgres: percent(Object.values(byRole).reduce((a, b) => a + b, 0)),
    postgresByRole: Object.fromEntries(POSTGRES_ROLES.map((role) => [role, percent(byRole[role])])) as Record<PostgresRole, number>,
    bench: percent((bench.user + bench.system) / 1000),
    apiLoop:
      before.apiLoop && after.apiLoop
        ? {
            onCore: percent(after.apiLoop.onCore - before.apiLoop.onCore),
            waiting: percent(after.apiLoop.waiting - before.apiLoop.waiting),
          }
        : null,
  };
}

import { fmt, median } from '../lib/benchDatabase.ts';
import type { CheckoutWindow } from './checkouts.ts';
import { POSTGRES_ROLES, type PostgresRole } from '../lib/postgresByRole.ts';
import type { CacheFigures, CpuShares } from './probes.ts';
import { REQUEST_KINDS, type BrowsingRecorder, type RequestKind } from './stats.ts';

interface KindFigures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** One phase's figures, all numbers, so runs can be reduced to medians field by field. */
export interface Figures {
  seconds: number;
  overall: number;
  errors: number;
  non2xx: number;
  /** Browsing arrivals not sent (open loop: every visitor had a request in flight). */
  skipped: number;
  kinds: Record<RequestKind, KindFigures>;
  checkouts: { rate: number; perSecond: number; p50: number; p99: number; failed: number; skipped: number } | null;
  cache: CacheFigures | null;
  cpu: CpuShares;
  emailBacklog: number | null;
  termsWaiting: number | null;
}

export function figuresOf(
  browsing: ReturnType<BrowsingRecorder['end']>,
  checkouts: (CheckoutWindow & { rate: number }) | null,
  cache: CacheFigures | null,
  cpu: CpuShares,
  emailBacklog: number | null,
  termsWaiting: number | null,
): Figures {
  const kind = (k: RequestKind): KindFigures => {
    const s = browsing.kinds[k];
    return { perSecond: s.perSecond, p50: s.p50, p99: s.p99, errors: s.errors, non2xx: s.non2xx };
  };
  return {
    seconds: browsing.seconds,
    overall: browsing.all.perSecond,
    errors: browsing.all.errors,
    non2xx: browsing.all.non2xx,
    skipped: browsing.all.skipped,
    kinds: { browse: kind('browse'), search: kind('search'), homepage: kind('homepage') },
    checkouts: checkouts && {
      rate: checkouts.rate,
      perSecond: checkouts.completeOrder.perSecond,
      p50: checkouts.completeOrder.p50,
      p99: checkouts.completeOrder.p99,
      failed: Object.values(checkouts.failures).reduce((a, b) => a + b, 0),
      skipped: checkouts.skipped,
    },
    cache,
    cpu,
    emailBacklog,
    termsWaiting,
  };
}

const medianOrNull = (values: (number | null)[]) => (values.some((v) => v === null) ? null : median(values as number[]));

/** The median of each figure across runs (a figure missing from any run is missing from the median). */
export function medianFigures(runs: readonly Figures[]): Figures {
  const m = (pick: (f: Figures) => number) => median(runs.map(pick));
  const kind = (k: RequestKind): KindFigures => ({
    perSecond: m((f) => f.kinds[k].perSecond),
    p50: m((f) => f.kinds[k].p50),
    p99: m((f) => f.kinds[k].p99),
    errors: m((f) => f.kinds[k].errors),
    non2xx: m((f) => f.kinds[k].non2xx),
  });
  const all = <T>(pick: (f: Figures) => T | null): T[] | null => {
    const values = runs.map(pick);
    return values.every((v) => v !== null) ? (values as T[]) : null;
  };
  const checkouts = all((f) => f.checkouts);
  const cache = all((f) => f.cache);
  const loops = all((f) => f.cpu.apiLoop);
  const cpu = (pick: (c: CpuShares) => number | null) => medianOrNull(runs.map((f) => pick(f.cpu)));
  return {
    seconds: m((f) => f.seconds),
    overall: m((f) => f.overall),
    errors: m((f) => f.errors),
    non2xx: m((f) => f.non2xx),
    skipped: m((f) => f.skipped),
    kinds: { browse: kind('browse'), search: kind('search'), homepage: kind('homepage') },
    checkouts: checkouts && {
      rate: median(checkouts.map((c) => c.rate)),
      perSecond: median(checkouts.map((c) => c.perSecond)),
      p50: median(checkouts.map((c) => c.p50)),
      p99: median(checkouts.map((c) => c.p99)),
      failed: median(checkouts.map((c) => c.failed)),
      skipped: median(checkouts.map((c) => c.skipped)),
    },
    cache: cache && {
      hits: median(cache.map((c) => c.hits)),
      misses: median(cache.map((c) => c.misses)),
      dropped: median(cache.map((c) => c.dropped)),
      soldOut: median(cache.map((c) => c.soldOut)),
      laidOut: median(cache.map((c) => c.laidOut)),
    },
    cpu: {
      machine: cpu((c) => c.machine),
      api: cpu((c) => c.api),
      projector: cpu((c) => c.projector),
      worker: cpu((c) => c.worker),
      postgres: cpu((c) => c.postgres) ?? 0,
      postgresByRole: Object.fromEntries(POSTGRES_ROLES.map((role) => [role, cpu((c) => c.postgresByRole[role]) ?? 0])) as Record<
        PostgresRole,
        number
      >,
      bench: cpu((c) => c.bench) ?? 0,
      apiLoop: loops && { onCore: median(loops.map((l) => l.onCore)), waiting: median(loops.map((l) => l.waiting)) },
    },
    emailBacklog: medianOrNull(runs.map((f) => f.emailBacklog)),
    termsWaiting: medianOrNull(runs.map((f) => f.termsWaiting)),
  };
}

/**
 * Milliseconds of CPU a request, by process, in a phase of browsing alone (`null` with checkouts,
 * whose work is in the same processes): steadier than requests a second on a machine whose speed
 * moves, since a slow spell lowers both the requests and the CPU they got. `shop` is the API,
 * projector and worker processes and PostgreSQL's backends of the bench's database together.
 */
export function cpuPerRequest(
  f: Pick<Figures, 'overall' | 'checkouts' | 'cpu'>,
): { api: number | null; postgres: number; shop: number | null } | null {
  if (f.checkouts || f.overall <= 0) return null;
  // A share is % of one core: share / 100 core-seconds each second, over `overall` requests.
  const per = (share: number) => (share * 10) / f.overall;
  const { api, projector, worker, postgres } = f.cpu;
  return {
    api: api === null ? null : per(api),
    postgres: per(postgres),
    shop: api === null || projector === null || worker === null ? null : per(api + projector + worker + postgres),
  };
}

/** PostgreSQL's share by the role its backends served, e.g. `API 30, its browsing 20, projector 10, worker 6`. */
export function postgresByRoleText(byRole: Record<PostgresRole, number>): string {
  const parts = [
    `API ${pct(byRole.api)}`,
    `its browsing ${pct(byRole['api browse'])}`,
    `projector ${pct(byRole.projector)}`,
    `worker ${pct(byRole.worker)}`,
  ];
  if (Math.round(byRole.other) > 0) parts.push(`others ${pct(byRole.other)}`);
  return parts.join(', ');
}

const ms = (n: number) => `${n < 10 ? n.toFixed(1) : fmt(n)} ms`;
const pct = (n: number | null) => (n === null ? 'n/a' : n.toFixed(0));

/** The lines of one phase (a run's, or the medians). */
export function printFigures(title: string, f: Figures, cores: number, statuses: Record<string, number> = {}): void {
  const codes = Object.entries(statuses)
    .map(([code, n]) => `${code}×${fmt(n)}`)
    .join(', ');
  console.log(
    `${title} (${f.seconds.toFixed(1)} s): ${fmt(f.overall)} requests/s overall (browse, search, homepage), ${fmt(f.errors)} errors, ${fmt(f.non2xx)} non-2xx${codes ? ` (${codes})` : ''}` +
      (f.skipped ? `, ${fmt(f.skipped)} arrivals not sent (every visitor waiting)` : ''),
  );
  for (const k of REQUEST_KINDS) {
    const s = f.kinds[k];
    const bad = s.errors || s.non2xx ? `   (${fmt(s.errors)} errors, ${fmt(s.non2xx)} non-2xx)` : '';
    console.log(
      `    ${k.padEnd(9)} ${fmt(s.perSecond).padStart(6)} req/s   p50 ${ms(s.p50).padStart(8)}   p99 ${ms(s.p99).padStart(8)}${bad}`,
    );
  }
  if (f.checkouts) {
    const c = f.checkouts;
    console.log(
      `    checkouts ${c.perSecond.toFixed(1).padStart(6)} /s of ${c.rate} /s asked   complete-order p50 ${ms(c.p50)}, p99 ${ms(c.p99)}   ` +
        `(${fmt(c.failed)} failed, ${fmt(c.skipped)} starts skipped at the in-flight cap)`,
    );
  }
  const cache = f.cache;
  console.log(
    `    catalogue cache: ${cache ? `${cache.hits + cache.misses > 0 ? ((100 * cache.hits) / (cache.hits + cache.misses)).toFixed(1) : '0.0'}% hits (${fmt(cache.hits)} hits, ${fmt(cache.misses)} misses); kept answers gone: ${fmt(cache.dropped)} dropped by items moved or back in stock, ${fmt(cache.soldOut)} listing an item sold out; ${fmt(cache.laidOut)} laid out again with newer counts` : 'n/a (GET /api/status has no catalogueCache)'}`,
  );
  const c = f.cpu;
  console.log(
    `    CPU, % of one core: API ${pct(c.api)}, projector ${pct(c.projector)}, worker ${pct(c.worker)}, PostgreSQL ${pct(c.postgres)} (${postgresByRoleText(c.postgresByRole)}), ` +
      `bench process ${pct(c.bench)}, rest of the machine ${c.machine === null ? 'n/a' : pct(c.machine - (c.api ?? 0) - (c.projector ?? 0) - (c.worker ?? 0) - c.postgres - c.bench)}; ` +
      `machine ${pct(c.machine)} of ${cores * 100}` +
      (f.emailBacklog === null ? '' : `; email jobs waiting at the end ${fmt(f.emailBacklog)}`) +
      (f.termsWaiting === null ? '' : `; search terms waiting ${fmt(f.termsWaiting)}`),
  );
  if (c.apiLoop) {
    console.log(
      `    API's event loop (its main thread), % of the window: on a core ${pct(c.apiLoop.onCore)}, waiting for a core ${pct(c.apiLoop.waiting)}`,
    );
  }
  const per = cpuPerRequest(f);
  if (per) {
    const cpuMs = (n: number | null) => (n === null ? 'n/a' : n.toFixed(3));
    console.log(`    CPU a request, ms: API ${cpuMs(per.api)}, PostgreSQL ${cpuMs(per.postgres)}, the shop's processes ${cpuMs(per.shop)}`);
  }
}

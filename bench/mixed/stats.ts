import type { Sent } from './http.ts';

/** The nearest-rank percentile of latencies sorted ascending (0 for none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface LatencySummary {
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Requests that got no answer (connection refused or reset). */
  errors: number;
  /** Answers whose status was not 2xx, by status. */
  non2xx: number;
  statuses: Record<string, number>;
}

/** The latencies and failures of one kind of request during one measured window. */
export class Latencies {
  private readonly ms: number[] = [];
  private errors = 0;
  private readonly statuses = new Map<number, number>();

  add(sent: Sent): void {
    if (sent.status === 0) this.errors++;
    else if (sent.status < 200 || sent.status > 299) this.statuses.set(sent.status, (this.statuses.get(sent.status) ?? 0) + 1);
    else this.ms.push(sent.ms);
  }

  /** A successful operation measured by hand (several requests, e.g. a checkout's last step). */
  addMs(ms: number): void {
    this.ms.push(ms);
  }

  summary(seconds: number): LatencySummary {
    const sorted = [...this.ms].sort((a, b) => a - b);
    let non2xx = 0;
    for (const n of this.statuses.values()) non2xx += n;
    return {
      count: sorted.length,
      perSecond: sorted.length / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors: this.errors,
      non2xx,
      statuses: Object.fromEntries([...this.statuses].sort((a, b) => a[0] - b[0])),
    };
  }
}

export const REQUEST_KINDS = ['browse', 'search', 'homepage'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/**
 * What the browsing connections record: nothing outside a measured window (warm-up, the gaps
 * between phases), and per kind of request inside one.
 */
export class BrowsingRecorder {
  private window: { began: number; kinds: Record<RequestKind, Latencies>; skipped: number } | null = null;

  record(kind: RequestKind, sent: Sent): void {
    this.window?.kinds[kind].add(sent);
  }

  /** An arrival not sent: every visitor had a request in flight (open loop only). */
  skip(): void {
    if (this.window) this.window.skipped++;
  }

  begin(): void {
    this.window = {
      began: performance.now(),
      kinds: { browse: new Latencies(), search: new Latencies(), homepage: new Latencies() },
      skipped: 0,
    };
  }

  /** Ends the window: per kind, and all of them together. */
  end(): {
    seconds: number;
    kinds: Record<RequestKind, LatencySummary>;
    all: { perSecond: number; errors: number; non2xx: number; skipped: number };
  } {
    const window = this.window;
    if (!window) throw new Error('no measured window to end');
    this.window = null;
    const seconds = (performance.now() - window.began) / 1000;
    const kinds = {
      browse: window.kinds.browse.summary(seconds),
      search: window.kinds.search.summary(seconds),
      homepage: window.kinds.homepage.summary(seconds),
    };
    const sum = (f: (s: LatencySummary) => number) => REQUEST_KINDS.reduce((total, k) => total + f(kinds[k]), 0);
    return {
      seconds,
      kinds,
      all: {
        perSecond: sum((s) => s.count + s.non2xx) / seconds,
        errors: sum((s) => s.errors),
        non2xx: sum((s) => s.non2xx),
        skipped: window.skipped,
      },
    };
  }
}

/** Marketplace background jobs (GET /admin-job/{queue}/{id}). */

const FINISHED = new Set(['completed', 'failed', 'unknown', 'not-found', 'missing']);

export function isJobFinished(state: string | null | undefined): boolean {
  return FINISHED.has(String(state ?? '').toLowerCase());
}

/**
 * A job's progress as a percentage, or null when it has none: a number (0-100), or an object with
 * `percent`, or `done`/`total` (also `processed`/`count`, `current`/`total`).
 */
export function progressPercent(progress: unknown): number | null {
  const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
  if (typeof progress === 'number' && Number.isFinite(progress)) return clamp(progress);
  if (progress && typeof progress === 'object') {
    const p = progress as Record<string, unknown>;
    if (typeof p.percent === 'number') return clamp(p.percent);
    const done = [p.done, p.processed, p.current].find((v) => typeof v === 'number') as number | undefined;
    const total = [p.total, p.count].find((v) => typeof v === 'number') as number | undefined;
    if (done !== undefined && total) return clamp((done / total) * 100);
  }
  return null;
}

/** The queue a marketplace job runs on, unless the answer names one. */
export const MARKETPLACE_QUEUE = 'marketplace';

/** A short, readable text for a job's result. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string')
    return (value as { message: string }).message;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** "3 of 12 done · listed 2 · failed 1" from a progress object with counts (zero counts left out). */
export function progressCounts(progress: unknown): string | null {
  if (!progress || typeof progress !== 'object') return null;
  const p = progress as Record<string, unknown>;
  if (typeof p.done !== 'number' || typeof p.total !== 'number') return null;
  const parts = [`${p.done} of ${p.total} done`];
  for (const key of ['listed', 'revised', 'refreshed', 'skipped', 'failed']) {
    const value = p[key];
    if (typeof value === 'number' && value > 0) parts.push(`${key} ${value}`);
  }
  return parts.join(' · ');
}

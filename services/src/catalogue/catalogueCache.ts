import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '@shop/projections/schema';

/**
 * Catalogue answers are the same for every shopper until the catalogue or the site settings change,
 * so they are kept serialised, keyed by the request and stamped with the projectors' checkpoints.
 * A change shows as soon as its projector commits, plus at most `ttlMs` (the checkpoint poll).
 */
export class CatalogueCache {
  private readonly entries = new Map<string, { version: string; json: string }>();
  private current: { version: string; at: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly db: Kysely<ReadModels>,
    private readonly options: { ttlMs?: number; maxEntries?: number; enabled?: boolean } = {},
  ) {}

  private async version(): Promise<string> {
    const ttl = this.options.ttlMs ?? 100;
    if (this.current && Date.now() - this.current.at < ttl) return this.current.version;
    this.pending ??= sql<{ v: string | null }>`
        select string_agg(coalesce(position, ''), ',' order by projector) as v
        from projection_checkpoints where projector in ('catalogue', 'site-settings')`
      .execute(this.db)
      .then(({ rows }) => {
        this.current = { version: rows[0]?.v ?? '', at: Date.now() };
        return this.current.version;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /** The JSON of `compute()` for this key, computed again only when the catalogue moved on. */
  async json(key: string, compute: () => Promise<unknown>): Promise<string> {
    if (this.options.enabled === false) return JSON.stringify(await compute());
    const version = await this.version();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key);
      this.entries.set(key, hit); // most recently used last
      return hit.json;
    }
    const json = JSON.stringify(await compute());
    this.entries.set(key, { version, json });
    const max = this.options.maxEntries ?? 5000;
    if (this.entries.size > max) this.entries.delete(this.entries.keys().next().value!);
    return json;
  }
}

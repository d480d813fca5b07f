import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '@shop/projections/schema';
import { pollUntil } from './fixtures.ts';

/**
 * Waits until a catalogue cache has read every stock change written so far: its `feedSeq` (read
 * after `ask`, a request that makes the cache read the feed) reaches the change feed's newest row.
 */
export async function untilCacheReadFeed(
  db: Kysely<ReadModels>,
  ask: () => Promise<unknown>,
  feedSeq: () => number | Promise<number>,
): Promise<void> {
  const { rows } = await sql<{ s: string | null }>`select max(seq) as s from stock_availability_feed`.execute(db);
  const end = Number(rows[0]?.s ?? 0);
  await pollUntil(`the cache reading the change feed to row ${end}`, async () => (await ask(), (await feedSeq()) >= end), 20_000);
}

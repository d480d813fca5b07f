import { sql, type Kysely } from 'kysely';
import type { Projector } from '@shop/projections/runner/projector';

/** A projector used by the runner's tests: one row per 'Counted' event, optionally slow. */
export function testCounterProjector(options: { delayMs?: number; appliedBy?: string } = {}): Projector {
  return {
    name: 'test-counter',
    tables: ['test_counts'],
    eventTypes: ['Counted'],
    async apply(trx, events) {
      for (const e of events) {
        await sql`insert into test_counts (event_id, n) values (${e.eventId}, ${(e.data as { n: number }).n})`.execute(trx);
        if (options.appliedBy) {
          await sql`insert into test_applied_by (event_id, applied_by) values (${e.eventId}, ${options.appliedBy})`.execute(trx);
        }
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      }
    },
  };
}

export async function createTestCounterTables(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists test_counts (event_id uuid primary key, n int not null);
    create table if not exists test_applied_by (event_id uuid primary key, applied_by text not null);
  `.execute(db);
}

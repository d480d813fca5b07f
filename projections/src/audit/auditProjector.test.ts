import type { NewEvent } from '@shop/services/eventstore/types';
import { testEvent } from '@shop/services/testing/fixtures';
import { useTestEventStore } from '@shop/services/testing/testEventStore';
import { describe, expect, it } from 'vitest';
import { up as leaveOutSearches } from '../migrations/0101_audit_without_searches.ts';
import { auditProjector, auditRow } from './auditProjector.ts';

const t = useTestEventStore();

/** An order stream's events, appended (as a shopper's calls would) and read back as recorded. */
async function orderEvents(streamId: string, events: NewEvent[]) {
  await t.store.append(streamId, 'order', events, 'any');
  return t.store.readStream(streamId);
}
const project = (events: Awaited<ReturnType<typeof orderEvents>>) =>
  t.tdb.db.transaction().execute((trx) => auditProjector.apply(trx, events));
const entriesOf = (streamId: string) =>
  t.tdb.db.selectFrom('audit_entries').select(['event_type', 'description']).where('stream_id', '=', streamId).execute();
const searched = (term: string) => testEvent('OrderSearchRecorded', { term });

describe('the audit projector', () => {
  it('writes an entry for each event but a shopper’s recorded searches', async () => {
    await project(
      await orderEvents('order-audit-1', [searched('batman'), testEvent('OrderEmailSet', { email: 'a@b.co' }), searched('saga')]),
    );
    expect(await entriesOf('order-audit-1')).toEqual([{ event_type: 'OrderEmailSet', description: expect.stringContaining('a@b.co') }]);

    await project(await orderEvents('order-audit-2', [searched('x')]));
    expect(await entriesOf('order-audit-2')).toEqual([]);
  });

  it('loses the entries of recorded searches made before (migration 0101), and only those', async () => {
    const events = await orderEvents('order-audit-3', [searched('old'), testEvent('OrderNameSet', { name: 'Ann' })]);
    // As the projector wrote them before it left searches out.
    await t.tdb.db.insertInto('audit_entries').values(events.map(auditRow)).execute();
    await leaveOutSearches(t.tdb.db as never);
    expect((await entriesOf('order-audit-3')).map((r) => r.event_type)).toEqual(['OrderNameSet']);
  });
});

import { checkListDecider, type CheckListCommand, type CheckListState } from '@shop/domain/checklist/index';
import { fold } from '@shop/domain/shared/decider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@shop/services/eventstore/postgres/postgresEventStore';
import { testMetadata } from '@shop/services/testing/fixtures';
import { createTestDatabase, type TestDatabase } from '@shop/services/testing/testDatabase';
import { ProjectionRunner } from '../runner/projectionRunner.ts';
import { rebuildProjector } from '../runner/rebuild.ts';
import { checkListProjector } from './checkListProjector.ts';

let tdb: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new PostgresEventStore(tdb.pool, tdb.url);
});
afterAll(async () => {
  await store.close();
  await tdb.drop();
});

async function run(id: string, command: CheckListCommand) {
  const events = await store.readStream(`checklist-${id}`);
  const state = fold(checkListDecider, events as never) as CheckListState;
  const next = checkListDecider.decide(command, state);
  await store.append(
    `checklist-${id}`,
    'checklist',
    next.map((e) => ({ ...e, metadata: testMetadata() })),
    events.length === 0 ? 'no_stream' : events.length,
  );
}

describe('the check list read model', () => {
  it('follows adds, ticks, renames and deletes, in the order items were added, and equals a rebuild', async () => {
    await run('a', {
      type: 'AddCheckListItem',
      data: { checkListItemId: 'a', item: { name: 'Order bags', description: '', status: false } },
    });
    await run('b', {
      type: 'AddCheckListItem',
      data: { checkListItemId: 'b', item: { name: 'Sweep', description: 'Front room', status: false } },
    });
    await run('c', {
      type: 'AddCheckListItem',
      data: { checkListItemId: 'c', item: { name: 'Call Diamond', description: '', status: false } },
    });
    await run('b', { type: 'EditCheckListItem', data: { changes: { status: true, description: 'Front and back' } } });
    await run('a', { type: 'EditCheckListItem', data: { changes: { name: 'Order bags and boards' } } });
    await run('c', { type: 'DeleteCheckListItem', data: {} });

    const runner = new ProjectionRunner({ db: tdb.db, pool: tdb.pool, source: store, projectors: [checkListProjector], pollMs: 20 });
    runner.start();
    await runner.waitUntilCaughtUp(20_000);
    await runner.stop();

    const rows = await tdb.db
      .selectFrom('check_list_items')
      .select(['check_list_item_id', 'name', 'description', 'status'])
      .orderBy('created_position')
      .execute();
    expect(rows).toEqual([
      { check_list_item_id: 'a', name: 'Order bags and boards', description: '', status: false },
      { check_list_item_id: 'b', name: 'Sweep', description: 'Front and back', status: true },
    ]);
    const report = await rebuildProjector(tdb.db, store, checkListProjector);
    expect(report).toMatchObject({ equal: true, events: 6 });
  });
});

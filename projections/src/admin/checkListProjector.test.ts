import { checkListDecider, type CheckListCommand, type CheckListState } from '@shop/domain/checklist/index';
import { fold } from '@shop/domain/shared/decider';
import { describe, expect, it } from 'vitest';
import { testMetadata } from '@shop/services/testing/fixtures';
import { useTestEventStore } from '@shop/services/testing/testEventStore';
import { ProjectionRunner } from '../runner/projectionRunner.ts';
import { rebuildProjector } from '../runner/rebuild.ts';
import { checkListProjector } from './checkListProjector.ts';

const t = useTestEventStore();

async function run(id: string, command: CheckListCommand) {
  const events = await t.store.readStream(`checklist-${id}`);
  const state = fold(checkListDecider, events as never) as CheckListState;
  const next = checkListDecider.decide(command, state);
  await t.store.append(
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

    const runner = new ProjectionRunner({ db: t.tdb.db, pool: t.tdb.pool, source: t.store, projectors: [checkListProjector], pollMs: 20 });
    runner.start();
    await runner.waitUntilCaughtUp(20_000);
    await runner.stop();

    const rows = await t.tdb.db
      .selectFrom('check_list_items')
      .select(['check_list_item_id', 'name', 'description', 'status'])
      .orderBy('created_position')
      .execute();
    expect(rows).toEqual([
      { check_list_item_id: 'a', name: 'Order bags and boards', description: '', status: false },
      { check_list_item_id: 'b', name: 'Sweep', description: 'Front and back', status: true },
    ]);
    const report = await rebuildProjector(t.tdb.db, t.store, checkListProjector);
    expect(report).toMatchObject({ equal: true, events: 6 });
  });
});

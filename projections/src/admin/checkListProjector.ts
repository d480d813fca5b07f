import { CHECK_LIST_EVENT_TYPES, type CheckListEvent } from '@shop/domain/checklist/index';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { Projector } from '../runner/projector.ts';

/** check_list_items: the admin's check list (deleted items are removed). */
export const checkListProjector: Projector = {
  name: 'admin-check-list',
  tables: ['check_list_items'],
  eventTypes: CHECK_LIST_EVENT_TYPES,
  async apply(trx, events: RecordedEvent[]) {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as CheckListEvent;
      switch (event.type) {
        case 'CheckListItemAdded': {
          const d = event.data;
          await trx
            .insertInto('check_list_items')
            .values({
              check_list_item_id: d.checkListItemId,
              name: d.name,
              description: d.description,
              status: d.status,
              created_at: recorded.createdAt,
              created_position: recorded.position.globalPosition.toString(),
            })
            .execute();
          break;
        }
        case 'CheckListItemEdited': {
          const c = event.data.changes;
          const set: { name?: string; description?: string; status?: boolean } = {};
          if (c.name !== undefined) set.name = c.name;
          if (c.description !== undefined) set.description = c.description;
          if (c.status !== undefined) set.status = c.status;
          if (Object.keys(set).length > 0) {
            await trx.updateTable('check_list_items').set(set).where('check_list_item_id', '=', event.data.checkListItemId).execute();
          }
          break;
        }
        case 'CheckListItemDeleted':
          await trx.deleteFrom('check_list_items').where('check_list_item_id', '=', event.data.checkListItemId).execute();
          break;
      }
    }
  },
};

/** Events of the 'checklist' stream (one stream per check list item, `checklist-{id}`). */
import type { DomainEvent } from '../shared/events.ts';

/** Everything recorded about a check list item (admin §3 "Check list item": name, description, status). */
export interface CheckListItemFields {
  name: string;
  description: string;
  /** false: open; true: done (shown struck through). */
  status: boolean;
}

export type CheckListItemAdded = DomainEvent<'CheckListItemAdded', { checkListItemId: string } & CheckListItemFields>;

/** Only the fields that changed; `previous` has the same keys with the values before. `name` is the name before. */
export type CheckListItemEdited = DomainEvent<
  'CheckListItemEdited',
  {
    checkListItemId: string;
    name: string;
    changes: Partial<CheckListItemFields>;
    previous: Partial<CheckListItemFields>;
  }
>;

export type CheckListItemDeleted = DomainEvent<'CheckListItemDeleted', { checkListItemId: string; name: string }>;

export type CheckListEvent = CheckListItemAdded | CheckListItemEdited | CheckListItemDeleted;
export type CheckListEventType = CheckListEvent['type'];

const EVENT_TYPE_SET: Record<CheckListEventType, true> = {
  CheckListItemAdded: true,
  CheckListItemEdited: true,
  CheckListItemDeleted: true,
};
/** Every check list event type (checked complete by the compiler). */
export const CHECK_LIST_EVENT_TYPES = Object.keys(EVENT_TYPE_SET) as CheckListEventType[];

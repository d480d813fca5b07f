/**
 * The check list item decider (stream type 'checklist'): the admin's to-do list (admin §2 "Check
 * list", §4 "Check list item: open, then done (status true)"). Rules decided here:
 * - An edit records only what changed; an edit that changes nothing appends nothing.
 * - Deleting a deleted item changes nothing (delete-all may race a single delete).
 */
import { diffFields } from '../catalogue/changes.ts';
import { DomainError, type Decider } from '../shared/decider.ts';
import type {
  CheckListEvent,
  CheckListItemAdded,
  CheckListItemDeleted,
  CheckListItemEdited,
  CheckListItemFields,
} from './checkListEvents.ts';

export type AddCheckListItem = { type: 'AddCheckListItem'; data: { checkListItemId: string; item: CheckListItemFields } };
export type EditCheckListItem = { type: 'EditCheckListItem'; data: { changes: Partial<CheckListItemFields> } };
export type DeleteCheckListItem = { type: 'DeleteCheckListItem'; data: Record<string, never> };
export type CheckListCommand = AddCheckListItem | EditCheckListItem | DeleteCheckListItem;

export type CheckListState = { status: 'absent' } | { status: 'active' | 'deleted'; checkListItemId: string; item: CheckListItemFields };

export const initialCheckListState = (): CheckListState => ({ status: 'absent' });

export const CHECK_LIST_ITEM_NOT_FOUND = 'Check list item not found';

export function addCheckListItem(command: AddCheckListItem['data'], state: CheckListState): CheckListItemAdded[] {
  if (state.status !== 'absent') throw new DomainError('Check list item already exists', 'conflict');
  const name = command.item.name.trim();
  if (name === '') throw new DomainError('Name is required', 'invalid');
  return [{ type: 'CheckListItemAdded', data: { checkListItemId: command.checkListItemId, ...command.item, name } }];
}

export function editCheckListItem(command: EditCheckListItem['data'], state: CheckListState): CheckListItemEdited[] {
  if (state.status !== 'active') throw new DomainError(CHECK_LIST_ITEM_NOT_FOUND, 'not-found');
  if (command.changes.name !== undefined && command.changes.name.trim() === '') throw new DomainError('Name is required', 'invalid');
  const diff = diffFields(state.item, command.changes);
  if (!diff) return [];
  return [{ type: 'CheckListItemEdited', data: { checkListItemId: state.checkListItemId, name: state.item.name, ...diff } }];
}

export function deleteCheckListItem(state: CheckListState): CheckListItemDeleted[] {
  if (state.status === 'absent') throw new DomainError(CHECK_LIST_ITEM_NOT_FOUND, 'not-found');
  if (state.status === 'deleted') return [];
  return [{ type: 'CheckListItemDeleted', data: { checkListItemId: state.checkListItemId, name: state.item.name } }];
}

export function decideCheckList(command: CheckListCommand, state: CheckListState): CheckListEvent[] {
  switch (command.type) {
    case 'AddCheckListItem':
      return addCheckListItem(command.data, state);
    case 'EditCheckListItem':
      return editCheckListItem(command.data, state);
    case 'DeleteCheckListItem':
      return deleteCheckListItem(state);
    default: {
      const unknown: never = command;
      throw new DomainError(`Unknown check list command ${(unknown as { type: string }).type}`, 'invalid');
    }
  }
}

export function evolveCheckList(state: CheckListState, event: CheckListEvent): CheckListState {
  switch (event.type) {
    case 'CheckListItemAdded': {
      const { checkListItemId, ...item } = event.data;
      return { status: 'active', checkListItemId, item };
    }
    case 'CheckListItemEdited':
      return state.status === 'absent' ? state : { ...state, item: { ...state.item, ...event.data.changes } };
    case 'CheckListItemDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const checkListDecider: Decider<CheckListCommand, CheckListEvent, CheckListState> = {
  streamType: 'checklist',
  initialState: initialCheckListState,
  decide: decideCheckList,
  evolve: evolveCheckList,
};

const quoted = (text: string) => `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;
const statusWord = (done: boolean | undefined) => (done ? 'done' : 'open');

/** Plain words for the audit history. */
export function describeCheckListEvent(event: CheckListEvent): string {
  switch (event.type) {
    case 'CheckListItemAdded':
      return `Added check list item ${quoted(event.data.name)} (${statusWord(event.data.status)})`;
    case 'CheckListItemEdited': {
      const { changes, previous, name } = event.data;
      const parts: string[] = [];
      if (changes.status !== undefined) parts.push(`marked ${statusWord(changes.status)}`);
      if (changes.name !== undefined) parts.push(`renamed to ${quoted(changes.name)}`);
      if (changes.description !== undefined) {
        parts.push(`description from ${quoted(previous.description ?? '')} to ${quoted(changes.description)}`);
      }
      return `Check list item ${quoted(name)}: ${parts.join('; ')}`;
    }
    case 'CheckListItemDeleted':
      return `Deleted check list item ${quoted(event.data.name)}`;
    default: {
      const unknown: never = event;
      return String(unknown);
    }
  }
}

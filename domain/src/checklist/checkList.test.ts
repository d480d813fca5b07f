import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { checkListDecider, describeCheckListEvent } from './checkList.ts';
import type { CheckListEvent } from './checkListEvents.ts';
import { checkListItemEditSchema, checkListItemInputSchema } from './checkListSchemas.ts';

const spec = deciderSpec(checkListDecider);
const added: CheckListEvent = {
  type: 'CheckListItemAdded',
  data: { checkListItemId: 'c1', name: 'Order bags and boards', description: 'BCW, 100 of each', status: false },
};
const deleted: CheckListEvent = { type: 'CheckListItemDeleted', data: { checkListItemId: 'c1', name: 'Order bags and boards' } };

describe('check list items', () => {
  it('adds an open item with its name and description', () => {
    spec
      .given([])
      .when({
        type: 'AddCheckListItem',
        data: { checkListItemId: 'c1', item: { name: ' Order bags and boards ', description: 'BCW, 100 of each', status: false } },
      })
      .then([added]);
    spec
      .given([added])
      .when({ type: 'AddCheckListItem', data: { checkListItemId: 'c1', item: { name: 'x', description: '', status: false } } })
      .thenThrows(/already exists/, 'conflict');
  });

  it('ticks an item done, recording only what changed', () => {
    spec
      .given([added])
      .when({ type: 'EditCheckListItem', data: { changes: { status: true, name: 'Order bags and boards' } } })
      .then([
        {
          type: 'CheckListItemEdited',
          data: { checkListItemId: 'c1', name: 'Order bags and boards', changes: { status: true }, previous: { status: false } },
        },
      ]);
    spec
      .given([added])
      .when({ type: 'EditCheckListItem', data: { changes: { status: false } } })
      .then([]);
  });

  it('refuses to edit or delete an item that does not exist; deleting twice changes nothing', () => {
    spec
      .given([])
      .when({ type: 'EditCheckListItem', data: { changes: { status: true } } })
      .thenThrows(/not found/, 'not-found');
    spec
      .given([added, deleted])
      .when({ type: 'EditCheckListItem', data: { changes: { status: true } } })
      .thenThrows(/not found/, 'not-found');
    spec
      .given([])
      .when({ type: 'DeleteCheckListItem', data: {} })
      .thenThrows(/not found/, 'not-found');
    spec.given([added]).when({ type: 'DeleteCheckListItem', data: {} }).then([deleted]);
    spec.given([added, deleted]).when({ type: 'DeleteCheckListItem', data: {} }).then([]);
  });

  it('describes its events in plain words', () => {
    expect(describeCheckListEvent(added)).toBe('Added check list item "Order bags and boards" (open)');
    expect(
      describeCheckListEvent({
        type: 'CheckListItemEdited',
        data: { checkListItemId: 'c1', name: 'Order bags and boards', changes: { status: true }, previous: { status: false } },
      }),
    ).toBe('Check list item "Order bags and boards": marked done');
    expect(describeCheckListEvent(deleted)).toBe('Deleted check list item "Order bags and boards"');
  });
});

describe('check list schemas', () => {
  it('defaults a new item to open with no description', () => {
    expect(checkListItemInputSchema.parse({ name: 'Sweep' })).toEqual({ name: 'Sweep', description: '', status: false });
  });

  it.each([
    [{}, /Name is required/],
    [{ name: '   ' }, /Name is required/],
    [{ name: 'x', status: 'yes' }, /Status must be true/],
    [{ name: 42 }, /Name must be text/],
  ])('refuses %j', (body, message) => {
    const result = checkListItemInputSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });

  it('needs something to change on edit', () => {
    expect(checkListItemEditSchema.safeParse({}).success).toBe(false);
    expect(checkListItemEditSchema.parse({ status: true })).toEqual({ status: true });
  });
});

import { browseQuerySchema } from '@shop/domain/catalogue/index';
import { describe, expect, it } from 'vitest';
import { browseReach } from './browseReach.ts';

const item = { itemType: 'comic', periodType: 'new', key: false, batchId: 'b1', words: [], titlesRunTogether: [], publisher: '' };
const reach = (query: Record<string, unknown>) => browseReach(browseQuerySchema.parse(query));

describe('browseReach', () => {
  it("reaches the items of the answer's mode, and only those", () => {
    expect(reach({ itemType: 'comic', periodType: 'new' })(item)).toBe(true);
    expect(reach({ itemType: 'comic', periodType: 'back' })(item)).toBe(false);
    expect(reach({ itemType: 'game' })({ ...item, itemType: 'game', periodType: 'new' })).toBe(true);
    expect(reach({ itemType: 'game' })(item)).toBe(false);
  });

  it("reaches key comics of every period from the key comics' mode", () => {
    const keyComics = reach({ itemType: 'comic', key: true });
    expect(keyComics({ ...item, key: true, periodType: 'back' })).toBe(true);
    expect(keyComics(item)).toBe(false);
  });

  it("reaches only the batch's items when the answer is of one batch", () => {
    const ofBatch = reach({ itemType: 'comic', periodType: 'new', batchId: 'b2' });
    expect(ofBatch(item)).toBe(false);
    expect(ofBatch({ ...item, batchId: 'b2' })).toBe(true);
  });
});

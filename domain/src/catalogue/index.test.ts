import { describe, expect, it } from 'vitest';
import * as catalogue from './index.ts';

describe('catalogue public API', () => {
  it('exports the deciders, describers, schemas, rules and lists', () => {
    expect(catalogue.stockItemDecider.streamType).toBe('stock');
    expect(catalogue.batchDecider.streamType).toBe('batch');
    for (const name of [
      'describeStockItemEvent',
      'describeBatchEvent',
      'supplierPriceCents',
      'itemPriceCents',
      'marketplacePriceCents',
      'releaseFromSupplierCode',
      'defaultUploadBatchName',
      'toStockItemFields',
      'toStockItemChanges',
      'formatCents',
    ] as const) {
      expect(typeof catalogue[name]).toBe('function');
    }
    expect(catalogue.BROWSE_MODES).toHaveLength(6);
    expect(catalogue.stockItemInputSchema.safeParse({}).success).toBe(false);
  });
});

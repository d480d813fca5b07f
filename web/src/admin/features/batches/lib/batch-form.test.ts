import { describe, expect, it } from 'vitest';
import { batchFormFromBatch, batchPayload, emptyBatchForm, isPreBatch, normaliseBatchType, withBatchType } from './batch-form';
import { aBatch } from '../../../../testing/contract-fixtures';

describe('batch form', () => {
  it('defaults the publish date to 21 days ahead', () => {
    expect(emptyBatchForm(new Date('2026-03-01T00:00:00Z')).publishDate).toBe('2026-03-22');
  });
  it('brings the item, period and supplier of a type', () => {
    expect(withBatchType(emptyBatchForm(), 'pre')).toMatchObject({
      type: 'pre',
      itemType: 'comic',
      periodType: 'pre-order',
      supplierType: 'diamond',
    });
    expect(withBatchType(emptyBatchForm(), 'back')).toMatchObject({ periodType: 'back-issue', supplierType: 'local_person' });
  });
  it('builds the body (value in cents)', () => {
    const result = batchPayload({
      ...emptyBatchForm(new Date('2026-03-01T00:00:00Z')),
      name: ' MAR26 ',
      value: '1250.50',
      discountPercent: '10',
    });
    expect(result).toEqual({
      ok: true,
      payload: {
        name: 'MAR26',
        type: 'diamond',
        itemType: 'comic',
        periodType: 'new',
        supplierType: 'diamond',
        publishDate: '2026-03-22',
        cutOffDate: null,
        discountPercent: 10,
        value: 125050,
        hideHomePage: false,
        default: false,
      },
    });
  });
  it('names wrong fields', () => {
    const result = batchPayload({ ...emptyBatchForm(), name: '', discountPercent: '150', value: 'x', publishDate: '' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['discountPercent', 'name', 'publishDate', 'value']);
  });
  it('reads a batch', () => {
    const values = batchFormFromBatch(
      aBatch({ _id: 'b', name: 'Pre 1', type: 'pre', periodType: 'pre-order', publishDate: '2026-05-01T00:00:00.000Z', value: 9900 }),
    );
    expect(values).toMatchObject({ type: 'pre', periodType: 'pre-order', publishDate: '2026-05-01', value: '99.00' });
  });
  it('knows pre-order batches and spellings', () => {
    expect(isPreBatch({ type: 'pre', periodType: null })).toBe(true);
    expect(isPreBatch({ type: 'diamond', periodType: 'pre-order' })).toBe(true);
    expect(isPreBatch({ type: 'back', periodType: null })).toBe(false);
    expect(normaliseBatchType('Back Issue')).toBe('back');
    expect(normaliseBatchType('Diamond')).toBe('diamond');
    expect(normaliseBatchType(null)).toBe('diamond');
  });
});

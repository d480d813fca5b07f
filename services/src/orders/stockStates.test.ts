import { availableQuantity, stockItemInputSchema, toStockItemFields, type StockItemEvent } from '@shop/domain/catalogue/index';
import type { RecordedEvent } from '@shop/domain/shared/events';
import { describe, expect, it } from 'vitest';
import { KnownStockStates } from './stockStates.ts';

const item = toStockItemFields(
  stockItemInputSchema.parse({ comicId: 'C1', itemType: 'comic', mainDescription: 'Saga #1', number: 10, priceOverride: 500 }),
  null,
);

function recorded(events: StockItemEvent[], from = 1): RecordedEvent[] {
  return events.map((e, i) => ({ ...e, streamPosition: from + i }) as unknown as RecordedEvent);
}
const added: StockItemEvent = { type: 'StockItemAdded', data: { stockItemId: 'a', ...item } };
const held = (orderId: string, quantity = 1): StockItemEvent => ({
  type: 'StockHeld',
  data: { stockItemId: 'a', name: 'Saga #1', orderId, quantity, previousQuantity: 0, available: 0 },
});

describe('KnownStockStates', () => {
  it('folds a stream read whole and keeps its state and version', () => {
    const known = new KnownStockStates();
    const stock = known.catchUp('stock-a', undefined, recorded([added, held('o1', 2)]));
    expect(stock.version).toBe(2);
    expect(availableQuantity(stock.state)).toBe(8);
    expect(known.keptOf(['stock-a', 'stock-b'])).toEqual(new Map([['stock-a', stock]]));
  });

  it('catches up from the kept state with only the events read after it', () => {
    const known = new KnownStockStates();
    const first = known.catchUp('stock-a', undefined, recorded([added]));
    const next = known.catchUp('stock-a', first, recorded([held('o1'), held('o2', 3)], 2));
    expect(next.version).toBe(3);
    expect(availableQuantity(next.state)).toBe(6);
    expect(known.keptOf(['stock-a']).get('stock-a')).toBe(next);
  });

  it('never goes back to an older version', () => {
    const known = new KnownStockStates();
    const old = known.catchUp('stock-a', undefined, recorded([added]));
    const newer = known.catchUp('stock-a', old, recorded([held('o1')], 2));
    known.remember('stock-a', old);
    expect(known.keptOf(['stock-a']).get('stock-a')).toBe(newer);
  });

  it('forgets the least recently used streams beyond its limit', () => {
    const known = new KnownStockStates(2);
    const a = known.catchUp('stock-a', undefined, recorded([added]));
    known.catchUp('stock-b', undefined, recorded([added]));
    known.remember('stock-a', known.catchUp('stock-a', a, recorded([held('o1')], 2)));
    known.catchUp('stock-c', undefined, recorded([added]));
    expect([...known.keptOf(['stock-a', 'stock-b', 'stock-c']).keys()]).toEqual(['stock-a', 'stock-c']);
    expect(known.size).toBe(2);
  });
});

describe('KnownStockStates.exclusive', () => {
  const tick = () => new Promise((r) => setTimeout(r, 5));

  it('runs steps that share a stream one after the other', async () => {
    const known = new KnownStockStates();
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`${name} starts`);
      await tick();
      log.push(`${name} ends`);
      return name;
    };
    const answers = await Promise.all([
      known.exclusive(['stock-a'], step('one')),
      known.exclusive(['stock-a', 'stock-b'], step('two')),
      known.exclusive(['stock-b'], step('three')),
    ]);
    expect(answers).toEqual(['one', 'two', 'three']);
    // "three" shares nothing with "one" and runs beside it; "two" shares a stream with each and runs alone.
    expect(log.indexOf('two starts')).toBeGreaterThan(Math.max(log.indexOf('one ends'), log.indexOf('three ends')));
    expect(log.indexOf('two ends')).toBe(log.indexOf('two starts') + 1);
  });

  it('runs steps on different streams side by side', async () => {
    const known = new KnownStockStates();
    let running = 0;
    let most = 0;
    const step = async () => {
      most = Math.max(most, ++running);
      await tick();
      running--;
    };
    await Promise.all([known.exclusive(['stock-a'], step), known.exclusive(['stock-b'], step)]);
    expect(most).toBe(2);
  });

  it('cannot wait in a circle when two steps name the same streams in the opposite order', async () => {
    const known = new KnownStockStates();
    const done = await Promise.all([
      known.exclusive(['stock-a', 'stock-b'], async () => (await tick(), 'ab')),
      known.exclusive(['stock-b', 'stock-a'], async () => (await tick(), 'ba')),
    ]);
    expect(done).toEqual(['ab', 'ba']);
  });

  it('lets the next step run after one that failed', async () => {
    const known = new KnownStockStates();
    const failed = known.exclusive(['stock-a'], async () => {
      throw new Error('refused');
    });
    await expect(failed).rejects.toThrow('refused');
    await expect(known.exclusive(['stock-a'], async () => 'next')).resolves.toBe('next');
  });
});

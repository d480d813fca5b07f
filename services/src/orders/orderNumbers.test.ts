import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Deps } from '../deps/deps.ts';
import { testMetadata } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { readCurrentOrder } from './currentOrder.ts';
import { ORDER_NUMBER_BLOCK_MAX, ORDER_NUMBER_HOLD_MS, OrderNumbers } from './orderNumbers.ts';
import { KnownOrderStates } from './orderStates.ts';
import { recordSearch } from './recordSearch.ts';
import { guestTokenHash } from './streams.ts';
import { newTempToken } from './testKit.ts';

/** A sequence as nextval gives it, counting the statements that took from it. */
function sequence(start = 1001) {
  let last = start - 1;
  const blocks: number[] = [];
  return {
    blocks,
    take: async (count: number) => {
      blocks.push(count);
      return Array.from({ length: count }, () => ++last);
    },
  };
}

function clockAt(ms = 0) {
  const clock = { ms, now: () => clock.ms };
  return clock;
}

describe('OrderNumbers', () => {
  it('takes one number at a time for a quiet process: in order, no gaps', async () => {
    const clock = clockAt();
    const numbers = new OrderNumbers(clock.now);
    const seq = sequence();
    const given: number[] = [];
    for (let i = 0; i < 4; i++) {
      given.push(await numbers.next(seq.take));
      clock.ms += 60_000;
    }
    expect(given).toEqual([1001, 1002, 1003, 1004]);
    expect(seq.blocks).toEqual([1, 1, 1, 1]);
  });

  it('takes larger blocks while a process runs out of them, up to the most, never giving a number twice', async () => {
    const clock = clockAt();
    const numbers = new OrderNumbers(clock.now);
    const seq = sequence();
    const given: number[] = [];
    for (let i = 0; i < 200; i++) {
      given.push(await numbers.next(seq.take));
      clock.ms += 2;
    }
    expect(given).toEqual(Array.from({ length: 200 }, (_, i) => 1001 + i));
    expect(seq.blocks.slice(0, 7)).toEqual([1, 2, 4, 8, 16, 32, ORDER_NUMBER_BLOCK_MAX]);
    expect(seq.blocks.length).toBeLessThan(12);
  });

  it('gives every caller waiting on one block its own number, from one statement', async () => {
    const numbers = new OrderNumbers(clockAt().now);
    const seq = sequence();
    await numbers.next(seq.take);
    await numbers.next(seq.take); // ran out at once: a block of 2, 1003 left
    const given = await Promise.all([numbers.next(seq.take), numbers.next(seq.take), numbers.next(seq.take), numbers.next(seq.take)]);
    expect(given.sort()).toEqual([1003, 1004, 1005, 1006]);
    expect(seq.blocks).toEqual([1, 2, 4]);
  });

  it('drops numbers held longer than ORDER_NUMBER_HOLD_MS and sizes the next block by what was used', async () => {
    const clock = clockAt();
    const numbers = new OrderNumbers(clock.now);
    const seq = sequence();
    for (let i = 0; i < 4; i++) await numbers.next(seq.take); // blocks of 1, 2 and 4: 1004 given of the 4
    expect(seq.blocks).toEqual([1, 2, 4]);
    await numbers.next(seq.take);
    clock.ms += ORDER_NUMBER_HOLD_MS;
    expect(await numbers.next(seq.take)).toBe(1008); // 1006 and 1007 are skipped, never given
    expect(seq.blocks).toEqual([1, 2, 4, 2]);
  });

  it('passes a failed take to every caller waiting on it, and takes again on the next call', async () => {
    const numbers = new OrderNumbers(clockAt().now);
    const seq = sequence();
    const failing = async () => {
      throw new Error('database down');
    };
    await expect(Promise.all([numbers.next(failing), numbers.next(failing)])).rejects.toThrow('database down');
    expect(await numbers.next(seq.take)).toBe(1001);
  });
});

describe('order numbers on the sequence, two processes at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every new order its own number, in fewer statements than orders', async () => {
    const processes: Deps[] = [0, 1].map(() => ({ ...t.ctx, orderStates: new KnownOrderStates(), orderNumbers: new OrderNumbers() }));
    const guests = Array.from({ length: 40 }, () => ({ kind: 'guest' as const, tokenHash: guestTokenHash(newTempToken()) }));
    const query = vi.spyOn(t.ctx.pool, 'query');
    try {
      // Each guest's first search writes their order, taking a number; half in each process, all at once.
      await Promise.all(guests.map((identity, i) => recordSearch(processes[i % 2]!, identity, ['first'], testMetadata())));
      const takes = query.mock.calls.filter(([config]) => (config as { name?: string }).name === 'order-numbers-take');
      expect(takes.length).toBeGreaterThan(0);
      expect(takes.length).toBeLessThan(guests.length);
    } finally {
      query.mockRestore();
    }
    const numbers = await Promise.all(
      guests.map(async (g) => (await readCurrentOrder(t.ctx, { kind: 'guest', token: g.tokenHash })).state.publicId),
    );
    expect(new Set(numbers).size).toBe(guests.length);
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(1001);
  });
});

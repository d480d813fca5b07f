import { describe, expect, it } from 'vitest';
import { BrowseGate, browseLimit } from './salesFirst.ts';

/** Enters the gate; answers whether it has been let in yet. */
function entering(gate: BrowseGate) {
  const entry = { in: false };
  void gate.enter().then(() => (entry.in = true));
  return entry;
}
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A sale the test ends when it likes. */
function saleUnderWay(gate: BrowseGate) {
  let end!: () => void;
  const done = gate.sale(() => new Promise<void>((resolve) => (end = resolve)));
  return { end: async () => (end(), await done) };
}

describe('sales first: browse connections beside sales', () => {
  it('gives browsing every connection while nothing sells, one fewer for each sale under way, never fewer than the minimum', () => {
    const share = { max: 10, min: 2 };
    expect(browseLimit(share, 0)).toBe(10);
    expect(browseLimit(share, 3)).toBe(7);
    expect(browseLimit(share, 9)).toBe(2);
    expect(browseLimit(share, 40)).toBe(2);
  });

  it('keeps reads past the limit waiting in arrival order, letting each in as one leaves', async () => {
    const gate = new BrowseGate({ max: 2, min: 1 });
    const reads = [entering(gate), entering(gate), entering(gate), entering(gate)];
    await settle();
    expect(reads.map((r) => r.in)).toEqual([true, true, false, false]);
    expect(gate.state()).toEqual({ limit: 2, held: 2, waiting: 2, sales: 0 });
    gate.leave();
    await settle();
    expect(reads.map((r) => r.in)).toEqual([true, true, true, false]);
    gate.leave();
    await settle();
    expect(reads[3]!.in).toBe(true);
    expect(gate.state()).toEqual({ limit: 2, held: 2, waiting: 0, sales: 0 });
  });

  it('holds reads back while sales are under way, and lets them in as the sales end', async () => {
    const gate = new BrowseGate({ max: 4, min: 1 });
    const sales = [saleUnderWay(gate), saleUnderWay(gate), saleUnderWay(gate)];
    const reads = [entering(gate), entering(gate), entering(gate)];
    await settle();
    expect(reads.map((r) => r.in)).toEqual([true, false, false]);
    expect(gate.state()).toEqual({ limit: 1, held: 1, waiting: 2, sales: 3 });
    await sales[0]!.end();
    await settle();
    expect(reads.map((r) => r.in)).toEqual([true, true, false]);
    await sales[1]!.end();
    await sales[2]!.end();
    await settle();
    expect(reads.map((r) => r.in)).toEqual([true, true, true]);
    expect(gate.state()).toEqual({ limit: 4, held: 3, waiting: 0, sales: 0 });
  });

  it('ends a sale that failed as one that succeeded, and passes its failure on', async () => {
    const gate = new BrowseGate({ max: 3, min: 1 });
    await expect(gate.sale(() => Promise.reject(new Error('card declined')))).rejects.toThrow('card declined');
    expect(gate.state()).toEqual({ limit: 3, held: 0, waiting: 0, sales: 0 });
    expect(await gate.sale(async () => 'sold')).toBe('sold');
  });

  it('lets no newcomer past reads already waiting, even when the limit has room again', async () => {
    const gate = new BrowseGate({ max: 2, min: 1 });
    const sale = saleUnderWay(gate);
    const waiting = [entering(gate), entering(gate)];
    await settle();
    expect(waiting.map((r) => r.in)).toEqual([true, false]);
    await sale.end();
    const newcomer = entering(gate);
    await settle();
    expect([waiting[1]!.in, newcomer.in]).toEqual([true, false]);
  });
});

import { describe, expect, it } from 'vitest';
import { BrowseGate, browseLimit, type BrowseShare } from './salesFirst.ts';

/** A share whose write connections in use the test sets. */
function share(max: number, min: number) {
  const s = { max, min, writes: 0, writesInUse: () => s.writes };
  return s satisfies BrowseShare;
}

/** Enters the gate; answers whether it has been let in yet. */
function entering(gate: BrowseGate) {
  const entry = { in: false };
  void gate.enter().then(() => (entry.in = true));
  return entry;
}
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('sales first: browse connections beside the write pool', () => {
  it('gives browsing every connection while no command holds one, one fewer for each that does, never fewer than the minimum', () => {
    const s = share(10, 2);
    expect(browseLimit(s)).toBe(10);
    s.writes = 3;
    expect(browseLimit(s)).toBe(7);
    s.writes = 9;
    expect(browseLimit(s)).toBe(2);
    s.writes = 40;
    expect(browseLimit(s)).toBe(2);
  });

  it('keeps reads past the limit waiting in arrival order, letting each in as one leaves', async () => {
    const gate = new BrowseGate(share(2, 1));
    const first = entering(gate);
    const second = entering(gate);
    const third = entering(gate);
    const fourth = entering(gate);
    await settle();
    expect([first.in, second.in, third.in, fourth.in]).toEqual([true, true, false, false]);
    expect(gate.state()).toEqual({ limit: 2, held: 2, waiting: 2 });
    gate.leave();
    await settle();
    expect([third.in, fourth.in]).toEqual([true, false]);
    gate.leave();
    await settle();
    expect(fourth.in).toBe(true);
    expect(gate.state()).toEqual({ limit: 2, held: 2, waiting: 0 });
  });

  it('holds reads back while commands take the connections, and lets them in when the commands give them back', async () => {
    const s = share(4, 1);
    const gate = new BrowseGate(s);
    s.writes = 3;
    const reads = [entering(gate), entering(gate), entering(gate)];
    await settle();
    expect(reads.map((r) => r.in)).toEqual([true, false, false]);
    expect(gate.state()).toEqual({ limit: 1, held: 1, waiting: 2 });
    s.writes = 0;
    gate.admit();
    await settle();
    expect(reads.map((r) => r.in)).toEqual([true, true, true]);
    expect(gate.state()).toEqual({ limit: 4, held: 3, waiting: 0 });
  });

  it('lets no newcomer past reads already waiting, even when the limit has room again', async () => {
    const s = share(2, 1);
    const gate = new BrowseGate(s);
    s.writes = 1;
    const waiting = [entering(gate), entering(gate)];
    await settle();
    expect(waiting.map((r) => r.in)).toEqual([true, false]);
    s.writes = 0;
    const newcomer = entering(gate);
    await settle();
    expect(newcomer.in).toBe(false);
    gate.admit();
    await settle();
    expect([waiting[1]!.in, newcomer.in]).toEqual([true, false]);
  });
});

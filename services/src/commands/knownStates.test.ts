import type { DomainEvent, RecordedEvent } from '@shop/domain/shared/events';
import { describe, expect, it, vi } from 'vitest';
import { decision } from './handle.ts';
import { KnownStates } from './knownStates.ts';

type Added = DomainEvent<'Added', { n: number }>;
const summing = { streamType: 'sum', initialState: () => 0, evolve: (sum: number, e: Added) => sum + e.data.n };

/** A store of one stream per id, reading as readStream does: the events after `fromVersion`. */
function fakeStore() {
  const streams = new Map<string, RecordedEvent[]>();
  return {
    append(id: string, ...ns: number[]) {
      const stream = streams.get(id) ?? [];
      for (const n of ns) stream.push({ type: 'Added', data: { n }, streamPosition: stream.length + 1 } as unknown as RecordedEvent);
      streams.set(id, stream);
    },
    readStream: vi.fn(async (id: string, options?: { fromVersion?: number }) => (streams.get(id) ?? []).slice(options?.fromVersion ?? 0)),
  };
}

describe('KnownStates.read', () => {
  it('folds a stream whole the first time, then reads only the events after the kept version', async () => {
    const store = fakeStore();
    const known = new KnownStates(summing, 10);
    store.append('a', 1, 2, 3);
    expect(await known.read(store, 'a')).toEqual({ state: 6, version: 3 });
    store.append('a', 10);
    expect(await known.read(store, 'a')).toEqual({ state: 16, version: 4 });
    expect(store.readStream.mock.calls.map((c) => c[1])).toEqual([{ fromVersion: 0 }, { fromVersion: 3 }]);
  });

  it('catches up with what another process appended, and reads an unknown stream as empty', async () => {
    const store = fakeStore();
    const here = new KnownStates(summing, 10);
    const there = new KnownStates(summing, 10);
    store.append('a', 5);
    await here.read(store, 'a');
    store.append('a', 7);
    expect(await there.read(store, 'a')).toEqual({ state: 12, version: 2 });
    store.append('a', 1);
    expect(await here.read(store, 'a')).toEqual({ state: 13, version: 3 });
    expect(await here.read(store, 'nothing')).toEqual({ state: 0, version: 0 });
  });

  it('keeps the newer state when an older read finishes last', async () => {
    const store = fakeStore();
    const known = new KnownStates(summing, 10);
    store.append('a', 1);
    const old = known.read(store, 'a');
    store.append('a', 2);
    const newer = await known.read(store, 'a');
    await old;
    expect(known.keptOf(['a']).get('a')).toEqual(newer);
  });

  it('forgets the least recently used streams beyond its limit', async () => {
    const store = fakeStore();
    const known = new KnownStates(summing, 2);
    for (const id of ['a', 'b', 'c']) store.append(id, 1);
    await known.read(store, 'a');
    await known.read(store, 'b');
    await known.read(store, 'a');
    await known.read(store, 'c');
    expect([...known.keptOf(['a', 'b', 'c']).keys()]).toEqual(['a', 'c']);
  });
});

describe('KnownStates.advance', () => {
  const added = (streamId: string, version: number, ...ns: number[]) =>
    decision(
      summing,
      streamId,
      version,
      ns.map((n) => ({ type: 'Added', data: { n } }) as Added),
    );

  it('moves a state kept at the version decided on by what was appended, and starts a new stream from the initial state', async () => {
    const store = fakeStore();
    const known = new KnownStates(summing, 10);
    store.append('a', 1, 2);
    await known.read(store, 'a');
    known.advance(added('a', 2, 10));
    known.advance(added('b', 0, 4, 5));
    expect(known.keptOf(['a', 'b'])).toEqual(
      new Map([
        ['a', { state: 13, version: 3 }],
        ['b', { state: 9, version: 2 }],
      ]),
    );
  });

  it('leaves a stream it does not keep at that version, and another stream type', async () => {
    const store = fakeStore();
    const known = new KnownStates(summing, 10);
    store.append('a', 1, 2, 3);
    await known.read(store, 'a');
    known.advance(added('a', 2, 10));
    known.advance(added('c', 4, 10));
    known.advance({ ...added('a', 3, 10), streamType: 'other' });
    expect(known.keptOf(['a', 'c'])).toEqual(new Map([['a', { state: 6, version: 3 }]]));
  });
});

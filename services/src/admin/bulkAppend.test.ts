import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../deps/deps.ts';
import type { EventStore } from '../eventstore/types.ts';
import { testMetadata } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { appendNewStreams, BULK_CHUNK } from './bulkAppend.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
});
afterAll(() => t.close());

const streams = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    streamId: `bulk-${prefix}-${i}`,
    events: [{ type: 'BulkTested', data: { i, text: `it's "quoted", {braced} \\ ${i}` } }],
  }));

describe('appendNewStreams', () => {
  it('creates new streams in chunks with their events in order, and leaves existing ones alone', async () => {
    const many = streams('a', BULK_CHUNK + 7);
    await t.ctx.store.append('bulk-a-3', 'bulk', [{ type: 'Earlier', data: {}, metadata: testMetadata() }], 'no_stream');
    const progress: number[] = [];
    const result = await appendNewStreams(t.ctx, 'bulk', many, testMetadata(), (done) => progress.push(done));
    expect(result.created).toHaveLength(BULK_CHUNK + 6);
    expect(result.existing).toEqual(['bulk-a-3']);
    expect(progress.at(-1)).toBe(BULK_CHUNK + 7);
    const five = await t.ctx.store.readStream('bulk-a-5');
    expect(five.map((e) => [e.type, e.data, e.streamType, e.streamPosition])).toEqual([
      ['BulkTested', { i: 5, text: `it's "quoted", {braced} \\ 5` }, 'bulk', 1],
    ]);
    expect((await t.ctx.store.readStream('bulk-a-3')).map((e) => e.type)).toEqual(['Earlier']);
    const again = await appendNewStreams(t.ctx, 'bulk', many, testMetadata());
    expect(again.created).toEqual([]);
    expect(again.existing).toHaveLength(BULK_CHUNK + 7);
  });

  it('falls back to one append per stream when a chunk meets a stream created meanwhile', async () => {
    const twice = [...streams('b', 3), streams('b', 1)[0]!];
    const result = await appendNewStreams(t.ctx, 'bulk', twice, testMetadata());
    expect(result.created).toEqual(['bulk-b-0', 'bulk-b-1', 'bulk-b-2']);
    expect(result.existing).toEqual(['bulk-b-0']);
  });

  it('appends one stream at a time on other event stores', async () => {
    const other = new Proxy(t.ctx.store, {
      get: (target, key) => (key === 'kind' ? 'eventstoredb' : Reflect.get(target, key, target)),
    }) as EventStore;
    const ctx: Deps = { ...t.ctx, store: other };
    const result = await appendNewStreams(ctx, 'bulk', streams('c', 20), testMetadata());
    expect(result.created).toHaveLength(20);
    expect((await appendNewStreams(ctx, 'bulk', streams('c', 20), testMetadata())).existing).toHaveLength(20);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GlobalPosition, RecordedEvent } from '@shop/domain/shared/events';
import { comparePositions, type EventSource, type ReadAllOptions, type ReadAllResult } from './eventSource.ts';
import { SharedTail } from './sharedTail.ts';

/** An in-memory log with the event store's readAll contract; counts the reads that reach it. */
class MemoryLog implements EventSource {
  readonly events: RecordedEvent[] = [];
  reads: ReadAllOptions[] = [];

  append(...types: string[]): void {
    for (const type of types) {
      const n = this.events.length + 1;
      this.events.push({
        eventId: `e${n}`,
        streamId: `s-${n}`,
        streamType: 's',
        streamPosition: 1,
        position: { transactionId: BigInt(100 + Math.floor(n / 3)), globalPosition: BigInt(n) },
        type,
        schemaVersion: 1,
        data: { n },
        metadata: { actor: { kind: 'guest' }, correlationId: 'c', causationId: null },
        createdAt: new Date(0),
      } as unknown as RecordedEvent);
    }
  }

  async readAll(options: ReadAllOptions): Promise<ReadAllResult> {
    this.reads.push(options);
    const after = options.after ?? null;
    const scanned = this.events
      .filter((e) => after === null || comparePositions(e.position, after) > 0)
      .filter((e) => !options.upTo || comparePositions(e.position, options.upTo) <= 0)
      .slice(0, options.limit);
    return { events: scanned.filter((e) => !options.types || options.types.includes(e.type)), next: scanned.at(-1)?.position ?? after };
  }

  async countAfter(): Promise<number> {
    return 0;
  }

  onAppended(): () => void {
    return () => undefined;
  }
}

const typesOf = (r: ReadAllResult) => r.events.map((e) => e.type);

describe('shared tail of the log', () => {
  it('reads the end of the log once for every reader waiting there, each answered its own types', async () => {
    const log = new MemoryLog();
    log.append('A', 'B', 'C', 'A');
    const tail = new SharedTail(log, { batchSize: 100, capacity: 1000, minIntervalMs: 0 });
    const [a, b, all] = await Promise.all([
      tail.readAll({ after: null, limit: 100, types: ['A'] }),
      tail.readAll({ after: null, limit: 100, types: ['B'] }),
      tail.readAll({ after: null, limit: 100 }),
    ]);
    expect(log.reads).toHaveLength(1);
    expect(log.reads[0]!.types).toBeUndefined();
    expect(typesOf(a)).toEqual(['A', 'A']);
    expect(typesOf(b)).toEqual(['B']);
    expect(typesOf(all)).toEqual(['A', 'B', 'C', 'A']);
    // Every reader moves past the events it does not want.
    expect(a.next).toEqual(log.events[3]!.position);
    expect(b.next).toEqual(log.events[3]!.position);
  });

  it('answers a reader behind the kept events from the log itself', async () => {
    const log = new MemoryLog();
    log.append('A', 'B', 'C', 'D', 'E', 'F');
    const tail = new SharedTail(log, { batchSize: 100, capacity: 2, minIntervalMs: 0 });
    await tail.readAll({ after: null, limit: 100 });
    log.reads = [];
    const behind = await tail.readAll({ after: log.events[1]!.position, limit: 100, types: ['C', 'F'] });
    expect(typesOf(behind)).toEqual(['C', 'F']);
    expect(log.reads).toEqual([{ after: log.events[1]!.position, limit: 100, types: ['C', 'F'] }]);
  });

  it('passes a bounded read (a rebuild) to the log', async () => {
    const log = new MemoryLog();
    log.append('A', 'B', 'C');
    const tail = new SharedTail(log, { batchSize: 100, capacity: 100, minIntervalMs: 0 });
    const bounded = await tail.readAll({ after: null, limit: 100, upTo: log.events[1]!.position });
    expect(typesOf(bounded)).toEqual(['A', 'B']);
  });

  it('gives every reader the same events as the log, in order, none skipped and none twice, whatever the interleaving', async () => {
    const readerArb = fc.record({
      types: fc.option(fc.subarray(['A', 'B', 'C', 'D'], { minLength: 1 }), { nil: undefined }),
      startsAt: fc.nat(30),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(readerArb, { minLength: 1, maxLength: 5 }),
        fc.array(
          fc.oneof(
            fc.record({ append: fc.array(fc.constantFrom('A', 'B', 'C', 'D'), { minLength: 1, maxLength: 6 }) }),
            fc.record({ reader: fc.nat(4), limit: fc.integer({ min: 1, max: 8 }) }),
          ),
          { maxLength: 60 },
        ),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 8 }),
        async (readers, steps, capacity, batchSize) => {
          const log = new MemoryLog();
          log.append(...Array.from({ length: 30 }, (_, i) => 'ABCD'[i % 4]!));
          const tail = new SharedTail(log, { batchSize, capacity, minIntervalMs: 0 });
          const cursors: (GlobalPosition | null)[] = readers.map((r) => (r.startsAt === 0 ? null : log.events[r.startsAt - 1]!.position));
          const seen: RecordedEvent[][] = readers.map(() => []);
          const read = async (i: number, limit: number) => {
            const r = await tail.readAll({ after: cursors[i]!, limit, types: readers[i]!.types });
            seen[i]!.push(...r.events);
            cursors[i] = r.next;
          };
          for (const step of steps) {
            if ('append' in step) log.append(...step.append);
            else if (step.reader < readers.length) {
              // Two readers at once (a reader never reads twice at once: each projector reads in turn).
              const other = (step.reader + 1) % readers.length;
              await Promise.all(
                other === step.reader ? [read(step.reader, step.limit)] : [read(step.reader, step.limit), read(other, step.limit)],
              );
            }
          }
          // Each reader reads on until it has the whole log.
          for (let i = 0; i < readers.length; i++) {
            for (let guard = 0; guard < 500 && compareTo(cursors[i]!, log.events.at(-1)!.position) < 0; guard++) await read(i, 5);
            const from = readers[i]!.startsAt;
            const expected = log.events.slice(from).filter((e) => !readers[i]!.types || readers[i]!.types!.includes(e.type));
            expect(seen[i]!.map((e) => e.eventId)).toEqual(expected.map((e) => e.eventId));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

function compareTo(a: GlobalPosition | null, b: GlobalPosition): number {
  return a === null ? -1 : comparePositions(a, b);
}

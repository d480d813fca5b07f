import type { GlobalPosition, RecordedEvent } from '@shop/domain/shared/events';
import {
  comparePositions,
  comparePositionsFromStart as compare,
  type EventSource,
  type ReadAllOptions,
  type ReadAllResult,
} from './eventSource.ts';

export interface SharedTailOptions {
  /** Events read from the log at a time. */
  batchSize: number;
  /** The most events kept; the oldest go first. */
  capacity: number;
  /**
   * The least time between two reads of the log. A reader that reaches the end sooner waits for the
   * next read, so readers arriving within this window share it.
   */
  minIntervalMs: number;
}

/**
 * The end of the log, read once for all the projectors of a runner. Each projector keeps its own
 * checkpoint and asks for the events after it; those near the end are answered from the events read
 * last (every type), and only a projector that reached the end reads the log again, for all of them.
 * A projector further behind (catching up, rebuilding) reads the log itself, as without the tail.
 *
 * The log's readAll never answers an event after one not yet committed, so what was read is final:
 * no event can later appear between two read ones, and the kept events are a gap-free part of the log.
 */
export class SharedTail implements EventSource {
  /** The log after `start` up to and including `end`, in order (at first: nothing kept, from the log's start). */
  private events: RecordedEvent[] = [];
  private start: GlobalPosition | null = null;
  private end: GlobalPosition | null = null;
  private reading: Promise<void> | null = null;
  private lastReadAt = 0;

  constructor(
    private readonly source: EventSource,
    private readonly options: SharedTailOptions,
  ) {}

  async readAll(options: ReadAllOptions): Promise<ReadAllResult> {
    if (options.upTo) return this.source.readAll(options);
    const from = options.after ?? null;
    if (compare(from, this.end) > 0) this.restartAt(from);
    if (compare(from, this.end) === 0) await this.readMore();
    // Behind the kept events (or the tail restarted further on while this reader waited): the log itself.
    if (compare(from, this.start) < 0 || compare(from, this.end) > 0) return this.source.readAll(options);
    return this.answer(from, options);
  }

  countAfter(position: GlobalPosition | null, types?: readonly string[]): Promise<number> {
    return this.source.countAfter(position, types);
  }

  onAppended(listener: () => void): () => void {
    return this.source.onAppended(listener);
  }

  /** The reader furthest ahead sets where the kept events begin. */
  private restartAt(position: GlobalPosition | null): void {
    this.events = [];
    this.start = position;
    this.end = position;
  }

  /** One read of the log for every reader waiting at its end. */
  private readMore(): Promise<void> {
    this.reading ??= (async () => {
      const wait = this.lastReadAt + this.options.minIntervalMs - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      try {
        const end = this.end;
        const { events, next } = await this.source.readAll({ after: end, limit: this.options.batchSize });
        this.lastReadAt = Date.now();
        // A reader ahead of every other may have restarted the tail meanwhile: this read is then not its continuation.
        if (compare(end, this.end) !== 0) return;
        this.events.push(...events);
        this.end = next;
        const excess = this.events.length - this.options.capacity;
        if (excess > 0) this.start = this.events.splice(0, excess).at(-1)!.position;
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  /** Up to `limit` events of the log after `from` (counted before the type filter, as the log counts them). */
  private answer(from: GlobalPosition | null, { limit, types }: ReadAllOptions): ReadAllResult {
    let first = 0;
    if (from !== null) {
      // The first kept event after `from` (binary search: the kept events are in log order).
      let lo = 0;
      let hi = this.events.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (comparePositions(this.events[mid]!.position, from) > 0) hi = mid;
        else lo = mid + 1;
      }
      first = lo;
    }
    const scanned = this.events.slice(first, first + limit);
    const wanted = types ? new Set(types) : null;
    return {
      events: wanted ? scanned.filter((e) => wanted.has(e.type)) : scanned,
      next: scanned.at(-1)?.position ?? from,
    };
  }
}

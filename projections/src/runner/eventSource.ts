import type { GlobalPosition, RecordedEvent } from '@shop/domain/shared/events';

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Omit for the start of the log. */
  after?: GlobalPosition | null;
  limit: number;
  /** Only these event types; the returned `next` still advances past the others. */
  types?: readonly string[];
  /** Inclusive upper bound (rebuilds stop exactly at a checkpoint). */
  upTo?: GlobalPosition | null;
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /** The position to resume from: past the last event read, and past filtered-out ones too. */
  next: GlobalPosition | null;
}

/** The read side of the event store that projectors and reactors need. */
export interface EventSource {
  /** The global log in subscriber order; never returns an event after one not yet committed. */
  readAll(options: ReadAllOptions): Promise<ReadAllResult>;
  /** Number of committed events after a position (readable yet or not), of the given types when named: the lag. */
  countAfter(after: GlobalPosition | null, types?: readonly string[]): Promise<number>;
  /** Calls back when new events may be available: a wake-up only, readers must still poll. */
  onAppended(listener: () => void): () => void;
}

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? -1 : 1;
  if (a.globalPosition !== b.globalPosition) return a.globalPosition < b.globalPosition ? -1 : 1;
  return 0;
}

/** Positions in log order, where null (the start of the log, before any event) comes first. */
export function comparePositionsFromStart(a: GlobalPosition | null, b: GlobalPosition | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return comparePositions(a, b);
}

export function positionToString(p: GlobalPosition | null): string | null {
  return p ? `${p.transactionId}:${p.globalPosition}` : null;
}

export function positionFromString(s: string | null | undefined): GlobalPosition | null {
  if (!s) return null;
  const [t, g] = s.split(':');
  return { transactionId: BigInt(t!), globalPosition: BigInt(g!) };
}

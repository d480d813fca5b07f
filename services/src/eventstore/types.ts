import type { DomainEvent, EventMetadata, GlobalPosition, RecordedEvent } from '@shop/domain/shared/events';
import type { EventSource } from '@shop/projections/runner/eventSource';

export type { ReadAllOptions, ReadAllResult } from '@shop/projections/runner/eventSource';
export { comparePositions, positionFromString, positionToString } from '@shop/projections/runner/eventSource';

/** Mirrors EventStoreDB's expected revision, with versions counted as the number of events in the stream. */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | number;

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | null,
  ) {
    super(`Stream ${streamId} changed while you were working on it (expected ${String(expected)}, found ${actual ?? 'no stream'})`);
    this.name = 'ConcurrencyError';
  }
}

export interface NewEvent extends DomainEvent {
  eventId?: string;
  schemaVersion?: number;
  metadata: EventMetadata;
}

export interface AppendResult {
  /** Number of events in the stream after the append. */
  nextVersion: number;
  /** Global position of the last event appended. */
  position: GlobalPosition;
}

/** One stream's part of an appendMany. */
export interface StreamAppend {
  streamId: string;
  streamType: string;
  events: NewEvent[];
  expected: ExpectedVersion;
}

export interface EventStore extends EventSource {
  readonly kind: 'postgres' | 'eventstoredb';
  append(streamId: string, streamType: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult>;
  /**
   * Appends to several distinct streams, each with its own expected version; the results are in
   * the order given. PostgreSQL: one statement, one transaction, all or none (a ConcurrencyError
   * names the first stream that moved). KurrentDB: one append per stream in the order given, each
   * all or none, stopping at the first refusal; callers must therefore be able to finish or undo a
   * partial append (the checkout's steps are idempotent for this reason).
   */
  appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /** All events of one stream in order, or [] when it does not exist. */
  readStream(streamId: string, options?: { fromVersion?: number; maxCount?: number }): Promise<RecordedEvent[]>;
  /**
   * Several streams read together (one round trip on PostgreSQL); [] for a stream that does not
   * exist. Whole, except a stream named in `after`: only its events after that version (a reader
   * that kept the stream's state at that version).
   */
  readStreams(streamIds: readonly string[], options?: { after?: ReadonlyMap<string, number> }): Promise<Map<string, RecordedEvent[]>>;
  /** The position of the newest event readAll can return now, or null for an empty log. */
  headPosition(): Promise<GlobalPosition | null>;
  close(): Promise<void>;
}

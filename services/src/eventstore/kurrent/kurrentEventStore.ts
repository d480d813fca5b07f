import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type Position,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata, GlobalPosition, RecordedEvent } from '@shop/domain/shared/events';
import { streamTypeOf } from '../streamIds.ts';
import {
  ConcurrencyError,
  comparePositions,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type StreamAppend,
} from '../types.ts';

/** The commit/prepare pair of EventStoreDB's $all maps onto our (transaction, position) pair. */
const toGlobal = (p: Position): GlobalPosition => ({ transactionId: p.commit, globalPosition: p.prepare });
const toPosition = (p: GlobalPosition): Position => ({ commit: p.transactionId, prepare: p.globalPosition });

function streamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected - 1);
}

type StoredMetadata = EventMetadata & { schemaVersion?: number };

function toRecorded(resolved: { event?: AllStreamResolvedEvent['event'] }): RecordedEvent | null {
  const e = resolved.event;
  if (!e || !e.isJson || !e.position) return null;
  const { schemaVersion, ...metadata } = (e.metadata ?? {}) as unknown as StoredMetadata;
  return {
    eventId: e.id,
    streamId: e.streamId,
    streamType: streamTypeOf(e.streamId),
    streamPosition: Number(e.revision) + 1,
    position: toGlobal(e.position),
    type: e.type,
    schemaVersion: schemaVersion ?? 1,
    data: e.data,
    metadata: metadata as EventMetadata,
    createdAt: e.created,
  };
}

/**
 * The same EventStore contract on EventStoreDB / KurrentDB, through `@kurrent/kurrentdb-client`,
 * the maintained successor of `@eventstore/db-client` (same API, renamed with the product; the old
 * package receives no new server features).
 */
export class KurrentEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: KurrentDBClient;
  private readonly listeners = new Set<() => void>();
  private subscription: { unsubscribe(): Promise<void> } | null = null;

  constructor(connectionString: string) {
    this.client = KurrentDBClient.connectionString`${connectionString}`;
  }

  async append(streamId: string, _streamType: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({
            ...(e.eventId ? { id: e.eventId } : {}),
            type: e.type,
            data: (e.data ?? null) as never,
            metadata: { ...e.metadata, schemaVersion: e.schemaVersion ?? 1 },
          }),
        ),
        { streamState: streamState(expected) },
      );
      return {
        nextVersion: Number(result.nextExpectedRevision) + 1,
        position: result.position ? toGlobal(result.position) : { transactionId: 0n, globalPosition: 0n },
      };
    } catch (e) {
      if (e instanceof WrongExpectedVersionError) {
        const actual = typeof e.actualState === 'bigint' ? Number(e.actualState) + 1 : null;
        throw new ConcurrencyError(streamId, expected, actual);
      }
      throw e;
    }
  }

  /**
   * One append per stream, in the order given, stopping at the first refusal: not one transaction.
   * (The client's multiStreamAppend is atomic but needs KurrentDB 25.1 and flat string metadata.)
   */
  async appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    const results: AppendResult[] = [];
    for (const a of appends) results.push(await this.append(a.streamId, a.streamType, a.events, a.expected));
    return results;
  }

  async readStreams(
    streamIds: readonly string[],
    options: { after?: ReadonlyMap<string, number> } = {},
  ): Promise<Map<string, RecordedEvent[]>> {
    const unique = [...new Set(streamIds)];
    const read = await Promise.all(unique.map((id) => this.readStream(id, { fromVersion: options.after?.get(id) ?? 0 })));
    return new Map(unique.map((id, i) => [id, read[i]!]));
  }

  async readStream(streamId: string, options: { fromVersion?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: options.fromVersion ? BigInt(options.fromVersion) : START,
        direction: FORWARDS,
        ...(options.maxCount ? { maxCount: options.maxCount } : {}),
      })) {
        const e = toRecorded(resolved as never);
        if (e) out.push(e);
      }
    } catch (e) {
      if (e instanceof StreamNotFoundError) return [];
      throw e;
    }
    return out;
  }

  async readAll({ after, limit, types, upTo }: ReadAllOptions): Promise<ReadAllResult> {
    const events: RecordedEvent[] = [];
    let next = after ?? null;
    const filter = types
      ? eventTypeFilter({ regex: `^(${types.map((t) => t.replace(/[^A-Za-z0-9_]/g, '')).join('|')})$` })
      : excludeSystemEvents();
    for await (const resolved of this.client.readAll({
      fromPosition: after ? toPosition(after) : START,
      direction: FORWARDS,
      maxCount: limit + 1,
      filter,
    })) {
      const e = toRecorded(resolved);
      if (!e) continue;
      // fromPosition is inclusive in EventStoreDB; ours is exclusive.
      if (after && comparePositions(e.position, after) <= 0) continue;
      if (upTo && comparePositions(e.position, upTo) > 0) break;
      if (events.length === limit) break;
      events.push(e);
      next = e.position;
    }
    return { events, next };
  }

  async headPosition(): Promise<GlobalPosition | null> {
    for await (const resolved of this.client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      maxCount: 1,
      filter: excludeSystemEvents(),
    })) {
      const e = toRecorded(resolved);
      if (e) return e.position;
    }
    return null;
  }

  async countAfter(after: GlobalPosition | null, types?: readonly string[]): Promise<number> {
    let count = 0;
    let position = after;
    for (;;) {
      const { events, next } = await this.readAll({ after: position, limit: 4096, types });
      count += events.length;
      if (events.length < 4096) return count;
      position = next;
    }
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.subscription) {
      const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
      subscription.on('data', () => this.listeners.forEach((l) => l()));
      subscription.on('error', () => {
        this.subscription = null;
      });
      this.subscription = subscription;
    }
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.subscription?.unsubscribe().catch(() => undefined);
    await this.client.dispose();
  }
}

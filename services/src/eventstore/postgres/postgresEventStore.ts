import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { GlobalPosition, RecordedEvent } from '@shop/domain/shared/events';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type StreamAppend,
} from '../types.ts';
import { streamTypeOf } from '../streamIds.ts';
import { queryKeepingConnection } from '../../db/queryKeepingConnection.ts';
import { HORIZON } from './horizon.ts';
import { LogCount } from './logCount.ts';

interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  event_type: string;
  schema_version: number;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  created_ms: number;
}

// created_at as epoch milliseconds: node-pg's timestamp parser is the slowest part of reading the log.
const EVENT_COLUMNS = `global_position, transaction_id::text as transaction_id, stream_id, stream_position,
  event_id, event_type, schema_version, data, metadata, (extract(epoch from created_at) * 1000)::float8 as created_ms`;

/** Only transactions older than every one still running in this database: nothing committed later can sort before. */
const VISIBLE = `transaction_id < ${HORIZON}`;

function expectedArgs(expected: ExpectedVersion): [number, number] {
  if (expected === 'any') return [0, 0];
  if (expected === 'no_stream') return [1, 0];
  if (expected === 'stream_exists') return [2, 0];
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`bad expected version ${expected}`);
  return [3, expected];
}

interface AppendRow {
  next_version: string;
  transaction_id: string;
  global_positions: string[];
}

const appendResultOf = (row: AppendRow): AppendResult => ({
  nextVersion: Number(row.next_version),
  position: { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_positions.at(-1)!) },
});

/** es_append's event arguments: ids, types, schema versions, data and metadata, one array each. */
function eventColumns(events: readonly NewEvent[]): [string[], string[], number[], string[], string[]] {
  return [
    events.map((e) => e.eventId ?? randomUUID()),
    events.map((e) => e.type),
    events.map((e) => e.schemaVersion ?? 1),
    events.map((e) => JSON.stringify(e.data ?? null)),
    events.map((e) => JSON.stringify(e.metadata)),
  ];
}

/** es_append refuses a wrong expected version with ES409, the actual version in its detail. */
function concurrencyErrorOf(
  e: unknown,
  stream: (message: string) => { streamId: string; expected: ExpectedVersion },
): ConcurrencyError | null {
  const err = e as { code?: string; detail?: string; message?: string };
  if (err.code !== 'ES409') return null;
  const { streamId, expected } = stream(err.message ?? '');
  return new ConcurrencyError(streamId, expected, err.detail ? Number(err.detail) : null);
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    streamType: streamTypeOf(row.stream_id),
    streamPosition: Number(row.stream_position),
    position: { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) },
    type: row.event_type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    createdAt: new Date(row.created_ms),
  };
}

/**
 * The hot statements (appends and stream reads) are named, so each connection parses and plans
 * them once instead of on every call.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private listeners = new Set<() => void>();
  private listenClient: pg.Client | null = null;
  private listenStarting: Promise<void> | null = null;
  private notifyTimer: NodeJS.Timeout | null = null;
  private lastNotify = 0;
  private readonly logCount: LogCount;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString?: string,
  ) {
    this.logCount = new LogCount(pool, HORIZON);
  }

  async append(streamId: string, streamType: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const [kind, version] = expectedArgs(expected);
    const columns = eventColumns(events);
    try {
      const { rows } = await queryKeepingConnection<AppendRow>(this.pool, {
        name: 'es-append',
        text: `select * from es_append($1, $2, $3, $4, $5::uuid[], $6::text[], $7::int[], $8::jsonb[], $9::jsonb[])`,
        values: [streamId, streamType, kind, version, ...columns],
      });
      this.scheduleNotify();
      return appendResultOf(rows[0]!);
    } catch (e) {
      throw concurrencyErrorOf(e, () => ({ streamId, expected })) ?? e;
    }
  }

  /**
   * One statement calling es_append for each stream, so one transaction: all or none. Streams are
   * appended in stream-id order (each es_append locks its stream's row), so two multi-stream appends
   * that share streams take their locks in the same order and cannot deadlock.
   */
  async appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0) return [];
    if (appends.length === 1) {
      const [only] = appends as [StreamAppend];
      return [await this.append(only.streamId, only.streamType, only.events, only.expected)];
    }
    const ordered = appends
      .map((a, index) => ({ ...a, index }))
      .sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
    ordered.forEach((a, i) => {
      if (a.events.length === 0) throw new Error(`appendMany needs at least one event for ${a.streamId}`);
      if (i > 0 && ordered[i - 1]!.streamId === a.streamId) throw new Error(`appendMany names ${a.streamId} twice`);
    });
    const firsts: number[] = [];
    const lasts: number[] = [];
    let count = 0;
    for (const a of ordered) {
      firsts.push(count + 1);
      count += a.events.length;
      lasts.push(count);
    }
    const expected = ordered.map((a) => expectedArgs(a.expected));
    try {
      const { rows } = await queryKeepingConnection<AppendRow & { ord: string }>(this.pool, {
        name: 'es-append-many',
        text: `select s.ord, r.next_version, r.transaction_id, r.global_positions
         from unnest($1::text[], $2::text[], $3::smallint[], $4::bigint[], $5::int[], $6::int[])
           with ordinality as s(stream_id, stream_type, kind, expected, first, last, ord)
         cross join lateral es_append(s.stream_id, s.stream_type, s.kind, s.expected,
           ($7::uuid[])[s.first:s.last], ($8::text[])[s.first:s.last], ($9::int[])[s.first:s.last],
           ($10::jsonb[])[s.first:s.last], ($11::jsonb[])[s.first:s.last]) r
         order by s.ord`,
        values: [
          ordered.map((a) => a.streamId),
          ordered.map((a) => a.streamType),
          expected.map(([k]) => k),
          expected.map(([, v]) => v),
          firsts,
          lasts,
          ...eventColumns(ordered.flatMap((a) => a.events)),
        ],
      });
      this.scheduleNotify();
      const results: AppendResult[] = new Array(appends.length);
      rows.forEach((row) => (results[ordered[Number(row.ord) - 1]!.index] = appendResultOf(row)));
      return results;
    } catch (e) {
      throw (
        concurrencyErrorOf(e, (message) => {
          const moved = ordered.find((a) => message === `wrong expected version for ${a.streamId}`) ?? ordered[0]!;
          return { streamId: moved.streamId, expected: moved.expected };
        }) ?? e
      );
    }
  }

  async readStreams(
    streamIds: readonly string[],
    options: { after?: ReadonlyMap<string, number> } = {},
  ): Promise<Map<string, RecordedEvent[]>> {
    const streams = new Map<string, RecordedEvent[]>(streamIds.map((id) => [id, []]));
    if (streamIds.length === 0) return streams;
    const ids = [...streams.keys()];
    const { rows } = await this.pool.query<EventRow>({
      name: 'es-read-streams',
      // A lateral read per stream, kept apart by `offset 0`: the plan cached for this named statement
      // then reads each stream by its primary key whatever the table's statistics (flattened into a
      // join, a generic plan may scan the whole log).
      text: `select ${EVENT_COLUMNS} from unnest($1::text[], $2::bigint[]) with ordinality as wanted(wanted_id, from_version, ord)
             cross join lateral (select * from events where stream_id = wanted.wanted_id and stream_position > wanted.from_version
                                 order by stream_position offset 0) as events
             order by wanted.ord, events.stream_position`,
      values: [ids, ids.map((id) => options.after?.get(id) ?? 0)],
    });
    for (const row of rows) streams.get(row.stream_id)!.push(toRecorded(row));
    return streams;
  }

  async readStream(streamId: string, options: { fromVersion?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>({
      name: 'es-read-stream',
      text: `select ${EVENT_COLUMNS} from events where stream_id = $1 and stream_position > $2
       order by stream_position limit $3`,
      values: [streamId, options.fromVersion ?? 0, options.maxCount ?? null],
    });
    return rows.map(toRecorded);
  }

  async readAll({ after, limit, types, upTo }: ReadAllOptions): Promise<ReadAllResult> {
    const params: unknown[] = [after?.transactionId.toString() ?? '0', after?.globalPosition.toString() ?? '0', limit];
    let bound = '';
    if (upTo) {
      params.push(upTo.transactionId.toString(), upTo.globalPosition.toString());
      bound = `and (transaction_id, global_position) <= ($4::xid8, $5::bigint)`;
    }
    const scan = `from events where (transaction_id, global_position) > ($1::xid8, $2::bigint) and ${VISIBLE} ${bound}
                  order by events.transaction_id, events.global_position limit $3`;
    // Unnamed, so planned for its own positions each call: a generic plan, costed for an unknown
    // range, may join the log back by a scan of the whole log (forced generic, the reactors' read did).
    if (!types) {
      const { rows } = await this.pool.query<EventRow>(`select ${EVENT_COLUMNS} ${scan}`, params);
      const events = rows.map(toRecorded);
      return { events, next: events.at(-1)?.position ?? after ?? null };
    }
    params.push(types);
    const typesParam = `$${params.length}::text[]`;
    // Only the wanted events are joined back to the log (a join filter on the type would probe the
    // log for every scanned event), and the last scanned position is one more mark, not wanted, so a
    // read whose last events are unwanted still moves past them.
    const { rows } = await this.pool.query<EventRow & { wanted: boolean }>(
      `with scanned as materialized (select global_position, transaction_id, event_type ${scan}),
       marks as (select true as wanted, transaction_id, global_position from scanned where event_type = any(${typesParam})
                 union all
                 (select false, transaction_id, global_position from scanned order by transaction_id desc, global_position desc limit 1))
       select m.wanted, m.global_position, m.transaction_id::text as transaction_id,
              e.stream_id, e.stream_position, e.event_id, e.event_type, e.schema_version, e.data, e.metadata,
              (extract(epoch from e.created_at) * 1000)::float8 as created_ms
       from marks m left join events e on m.wanted and e.transaction_id = m.transaction_id and e.global_position = m.global_position
       order by m.transaction_id, m.global_position, m.wanted desc`,
      params,
    );
    const last = rows.at(-1);
    return {
      events: rows.filter((r) => r.wanted).map(toRecorded),
      next: last ? { transactionId: BigInt(last.transaction_id), globalPosition: BigInt(last.global_position) } : (after ?? null),
    };
  }

  async headPosition(): Promise<GlobalPosition | null> {
    const { rows } = await this.pool.query<{ transaction_id: string; global_position: string }>(
      `select transaction_id::text, global_position from events where ${VISIBLE}
       order by events.transaction_id desc, events.global_position desc limit 1`,
    );
    const r = rows[0];
    return r ? { transactionId: BigInt(r.transaction_id), globalPosition: BigInt(r.global_position) } : null;
  }

  async countAfter(after: GlobalPosition | null, types?: readonly string[]): Promise<number> {
    if (after === null && types === undefined) return this.logCount.count();
    const { rows } = await this.pool.query<{ n: string }>(
      // Every committed event after the position, visible to readAll yet or not (an older transaction
      // still running in this database holds readAll back, but these events are still behind).
      // The first condition follows from the second; it gives the planner a range on the index's
      // leading column (a row comparison alone was estimated at half the log: a parallel scan).
      `select count(*) as n from events where transaction_id >= $1::xid8
       and (transaction_id, global_position) > ($1::xid8, $2::bigint)
       and ($3::text[] is null or event_type = any($3::text[]))`,
      [after?.transactionId.toString() ?? '0', after?.globalPosition.toString() ?? '0', types ?? null],
    );
    return Number(rows[0]!.n);
  }

  /**
   * Wakes subscribers in every process after appends commit: at once for the first append, then at
   * most once per 25 ms however many appends there are (NOTIFY serialises commits; see schema.ts).
   */
  private scheduleNotify(): void {
    if (this.notifyTimer) return;
    const delay = Math.max(0, this.lastNotify + 25 - Date.now());
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      this.lastNotify = Date.now();
      this.pool.query(`select pg_notify('es_appended', '')`).catch(() => undefined);
    }, delay);
    this.notifyTimer.unref();
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    void this.startListening();
    return () => this.listeners.delete(listener);
  }

  private startListening(): Promise<void> {
    this.listenStarting ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString ?? (this.pool.options.connectionString as string) });
      client.on('notification', () => this.listeners.forEach((l) => l()));
      client.on('error', () => {
        // The wake-up is an optimisation: readers poll anyway, so a lost connection only slows them.
        this.listenClient = null;
        this.listenStarting = null;
      });
      await client.connect();
      await client.query('listen es_appended');
      this.listenClient = client;
    })().catch(() => {
      this.listenStarting = null;
    });
    return this.listenStarting;
  }

  async close(): Promise<void> {
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    this.listeners.clear();
    await this.listenStarting;
    await this.listenClient?.end().catch(() => undefined);
    this.listenClient = null;
  }
}

export class RestoredDatabaseError extends Error {}

/**
 * After a logical dump is restored into a new cluster, stored transaction ids can be ahead of the
 * server's counter; new events would then sort before old ones and subscribers would skip them.
 */
export async function assertTransactionIdsSane(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ stored: string | null; server: string }>(
    `select (select e.transaction_id::text from events e order by e.transaction_id desc limit 1) as stored,
            pg_snapshot_xmax(pg_current_snapshot())::text as server`,
  );
  const { stored, server } = rows[0]!;
  if (stored !== null && BigInt(stored) >= BigInt(server)) {
    throw new RestoredDatabaseError(
      `The event store holds transaction id ${stored} but this PostgreSQL server is only at ${server}. ` +
        `The database was probably restored from a logical dump into a new cluster. Events appended now would ` +
        `sort before existing ones and projections would skip them. See docs/event-store.md, "Backup and restore": ` +
        `restore with a physical backup (pg_basebackup), or renumber with 'npm run eventstore:renumber'.`,
    );
  }
}

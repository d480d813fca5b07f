import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { append, decision } from '../commands/handle.ts';
import { ConcurrencyError } from '../eventstore/types.ts';

export interface NewStream {
  streamId: string;
  events: DomainEvent[];
}

export interface BulkAppendResult {
  /** Streams created now. */
  created: string[];
  /** Streams that already existed (left untouched). */
  existing: string[];
}

/** Streams per statement on the PostgreSQL fast path. */
export const BULK_CHUNK = 500;
/** Statements (or single appends) in flight at once. */
export const BULK_CONCURRENCY = 4;
const SINGLE_CONCURRENCY = 16;

/**
 * Creates many new streams of one type, each with its first events, expected version 'no_stream':
 * a stream that already exists is left alone and reported (that is how a re-run of the same upload
 * adds nothing twice).
 *
 * On the PostgreSQL event store, BULK_CHUNK streams go in one statement (one commit) that calls the
 * store's own es_append for each stream not there yet, so the expected-version rule is the store's.
 * Every es_append notifies subscribers, and PostgreSQL serialises the commits of notifying
 * transactions (their fsyncs cannot be grouped): one commit per stream caps out at a few hundred
 * streams a second, one per chunk does not. A chunk that meets a stream created meanwhile by
 * someone else falls back to one append per stream. Other stores: one append per stream,
 * SINGLE_CONCURRENCY at a time. Stream ids must be distinct.
 */
export async function appendNewStreams(
  ctx: Deps,
  streamType: string,
  streams: readonly NewStream[],
  metadata: EventMetadata,
  onProgress?: (done: number) => void,
): Promise<BulkAppendResult> {
  const created: string[] = [];
  const existing: string[] = [];
  let done = 0;
  const record = (result: BulkAppendResult) => {
    created.push(...result.created);
    existing.push(...result.existing);
    done += result.created.length + result.existing.length;
    onProgress?.(done);
  };
  if (ctx.store.kind === 'postgres') {
    const chunks: NewStream[][] = [];
    for (let i = 0; i < streams.length; i += BULK_CHUNK) chunks.push(streams.slice(i, i + BULK_CHUNK));
    let next = 0;
    const worker = async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++]!;
        record(
          await appendChunk(ctx, streamType, chunk, metadata).catch(async (e: unknown) => {
            if (!(e instanceof ConcurrencyError)) throw e;
            return appendOneByOne(ctx, streamType, chunk, metadata);
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, chunks.length) }, worker));
  } else {
    let next = 0;
    const worker = async () => {
      while (next < streams.length) record(await appendOneByOne(ctx, streamType, [streams[next++]!], metadata));
    };
    await Promise.all(Array.from({ length: Math.min(SINGLE_CONCURRENCY, streams.length) }, worker));
  }
  return { created, existing };
}

async function appendOneByOne(
  ctx: Deps,
  streamType: string,
  streams: readonly NewStream[],
  metadata: EventMetadata,
): Promise<BulkAppendResult> {
  const result: BulkAppendResult = { created: [], existing: [] };
  for (const stream of streams) {
    try {
      await append(ctx, [decision({ streamType }, stream.streamId, 0, stream.events)], metadata);
      result.created.push(stream.streamId);
    } catch (e) {
      if (!(e instanceof ConcurrencyError)) throw e;
      result.existing.push(stream.streamId);
    }
  }
  return result;
}

/** One statement: es_append for each stream of the chunk not in `streams` yet. */
async function appendChunk(ctx: Deps, streamType: string, chunk: readonly NewStream[], metadata: EventMetadata): Promise<BulkAppendResult> {
  const ids = chunk.map((s) => s.streamId);
  const eventIds = chunk.map((s) => s.events.map(() => randomUUID()));
  try {
    const { rows } = await ctx.pool.query<{ stream_id: string }>(
      `with fresh as materialized (
         select u.*
         from unnest($1::text[], $2::text[], $3::text[], $4::text[]) with ordinality as u(sid, eids, types, datas, ord)
         where not exists (select 1 from streams s where s.stream_id = u.sid)
       )
       select f.sid as stream_id
       from fresh f
       cross join lateral es_append(
         f.sid, $5::text, 1::smallint, 0::bigint,
         f.eids::uuid[], f.types::text[],
         array_fill(1, array[cardinality(f.types::text[])]),
         array(select x.e from jsonb_array_elements(f.datas::jsonb) with ordinality as x(e, o) order by x.o),
         array_fill($6::jsonb, array[cardinality(f.types::text[])])
       ) r
       order by f.ord`,
      [
        ids,
        eventIds.map((e) => `{${e.join(',')}}`),
        chunk.map((s) => `{${s.events.map((e) => JSON.stringify(e.type)).join(',')}}`),
        chunk.map((s) => JSON.stringify(s.events.map((e) => e.data ?? null))),
        streamType,
        JSON.stringify(metadata),
      ],
    );
    const created = new Set(rows.map((r) => r.stream_id));
    return { created: ids.filter((id) => created.has(id)), existing: ids.filter((id) => !created.has(id)) };
  } catch (e) {
    const err = e as { code?: string };
    if (err.code === 'ES409') throw new ConcurrencyError(ids[0] ?? '', 'no_stream', null);
    throw e;
  }
}

import { sql, type Kysely } from 'kysely';

/**
 * The PostgreSQL event store's schema. `transaction_id` records the committing transaction so that
 * subscribers can read in commit-safe order (see docs/event-store.md); `es_append` appends one or
 * many events in one round trip and enforces the expected version.
 */
export async function createEventStoreSchema(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table streams (
      stream_id text primary key,
      stream_type text not null,
      version bigint not null check (version >= 0)
    );
    create sequence events_global_position;
    create table events (
      global_position bigint not null default nextval('events_global_position'),
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      stream_position bigint not null,
      event_id uuid not null unique,
      event_type text not null,
      schema_version int not null default 1,
      data jsonb not null,
      metadata jsonb not null,
      created_at timestamptz not null default now(),
      primary key (stream_id, stream_position)
    );
    create index events_commit_order on events (transaction_id, global_position);

    create or replace function es_append(
      p_stream_id text,
      p_stream_type text,
      p_expected_kind smallint, -- 0 any, 1 no stream, 2 stream exists, 3 exact version
      p_expected bigint,
      p_event_ids uuid[],
      p_types text[],
      p_schema_versions int[],
      p_data jsonb[],
      p_metadata jsonb[]
    ) returns table (next_version bigint, transaction_id text, global_positions bigint[])
    language plpgsql as $$
    declare
      n int := cardinality(p_event_ids);
      v_next bigint;
      v_actual bigint;
    begin
      if p_expected_kind = 0 then
        insert into streams as s (stream_id, stream_type, version) values (p_stream_id, p_stream_type, n)
        on conflict (stream_id) do update set version = s.version + n
        returning s.version into v_next;
      elsif p_expected_kind = 1 or (p_expected_kind = 3 and p_expected = 0) then
        insert into streams (stream_id, stream_type, version) values (p_stream_id, p_stream_type, n)
        on conflict (stream_id) do nothing
        returning version into v_next;
      elsif p_expected_kind = 2 then
        update streams set version = version + n where stream_id = p_stream_id
        returning version into v_next;
      else
        update streams set version = version + n where stream_id = p_stream_id and version = p_expected
        returning version into v_next;
      end if;

      if v_next is null then
        select s.version into v_actual from streams s where s.stream_id = p_stream_id;
        raise exception 'wrong expected version for %', p_stream_id
          using errcode = 'ES409', detail = coalesce(v_actual::text, '');
      end if;

      return query
      with inserted as (
        insert into events (stream_id, stream_position, event_id, event_type, schema_version, data, metadata)
        select p_stream_id, v_next - n + u.ord, u.eid, u.typ, u.sv, u.d, u.m
        from unnest(p_event_ids, p_types, p_schema_versions, p_data, p_metadata)
          with ordinality as u(eid, typ, sv, d, m, ord)
        returning events.global_position, events.stream_position
      )
      select v_next, pg_current_xact_id()::text,
             array(select i.global_position from inserted i order by i.stream_position);
      -- No pg_notify here: PostgreSQL commits notifying transactions one after another, which caps
      -- every write in the shop. The adapter sends a debounced notify after its appends commit.
    end;
    $$;
  `.execute(db);
}

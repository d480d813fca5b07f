import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table projection_checkpoints (
      projector text primary key,
      position text,
      updated_at timestamptz not null default now()
    );
    create table site_settings (
      id int primary key check (id = 1),
      hide_accessories boolean not null,
      hide_games boolean not null,
      warning_text text not null,
      update_transactions_save boolean not null,
      update_transactions_days int not null
    );
    create table audit_entries (
      event_id uuid primary key,
      global_position bigint not null,
      stream_id text not null,
      stream_type text not null,
      stream_position int not null,
      event_type text not null,
      actor_kind text not null,
      user_id text,
      user_name text not null,
      user_email text not null,
      description text not null,
      created_at timestamptz not null
    );
    create index audit_entries_newest on audit_entries (created_at desc, global_position desc);
    create index audit_entries_user on audit_entries (user_id, created_at desc);
    create index audit_entries_stream on audit_entries (stream_id, stream_position);
    create index audit_entries_kind on audit_entries (stream_type, created_at desc);
  `.execute(db);
}

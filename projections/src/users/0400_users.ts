import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      user_id text primary key,
      email text not null,
      given_name text not null,
      family_name text not null,
      admin boolean not null,
      local_pickup boolean not null,
      addresses jsonb not null,
      show_collate_addresses boolean not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create unique index users_email on users (email);
    create index users_name on users (lower(family_name), lower(given_name));

    create table credit_balances (
      user_id text primary key,
      balance_cents int not null,
      granted_cents int not null,
      used_cents int not null,
      carried_forward_cents int not null,
      updated_at timestamptz not null
    );

    create table feedback (
      feedback_id text primary key,
      email text not null,
      description text not null,
      user_id text,
      created_at timestamptz not null
    );
    create index feedback_newest on feedback (created_at desc, feedback_id);
  `.execute(db);
}

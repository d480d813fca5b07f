import { randomUUID } from 'node:crypto';
import type { Config } from '../../services/src/config/config.ts';
import { openDatabase } from '../../services/src/db/database.ts';
import { PostgresEventStore } from '../../services/src/eventstore/postgres/postgresEventStore.ts';
import { ensureAdmin } from '../../services/src/main/setup/ensureAdmin.ts';

/** The benches' admin account. */
export const BENCH_ADMIN = { email: 'bench-admin@comicshop.local', password: 'bench-admin-password' };

/** Registers the benches' admin account in the database when it has none, as the shop's setup registers its admin. */
export async function ensureBenchAdmin(url: string, bench: string): Promise<void> {
  const database = openDatabase(url, 2);
  const store = new PostgresEventStore(database.pool, url);
  try {
    await ensureAdmin({ store, ids: randomUUID }, { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password } as Config, (m) =>
      console.log(`${bench}: ${m}`),
    );
  } finally {
    await store.close();
    await database.close();
  }
}

/** Signs the benches' admin in through the API (`apiUrl` without /api): its bearer token and user. */
export async function loginBenchAdmin(apiUrl: string): Promise<{ token: string; user: unknown }> {
  const res = await fetch(`${apiUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { authorisationKey: string; user: unknown };
  return { token: body.authorisationKey, user: body.user };
}

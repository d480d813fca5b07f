import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { openRuntime, type Runtime } from './runtime.ts';

let tdb: TestDatabase;
let runtime: Runtime;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: tdb.url, JWT_SECRET: 'test-secret-of-sufficient-length' });
  runtime = await openRuntime(config, { queues: false });
});
afterAll(async () => {
  await runtime?.close();
  await tdb?.drop();
});

const synchronousCommit = async <T>(db: Kysely<T>) =>
  (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]!.synchronous_commit;

describe("a process's database pools", () => {
  it('commit events to disk before answering; the browse pool, which only keeps search lists, does not wait', async () => {
    expect(await synchronousCommit(runtime.db)).toBe('on');
    expect(await synchronousCommit(runtime.readDb!)).toBe('off');
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { ReadModels } from '../schema.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@shop/services/eventstore/postgres/postgresEventStore';
import { testEvent } from '@shop/services/testing/fixtures';
import { createTestCounterTables, testCounterProjector } from '@shop/services/testing/testCounterProjector';
import { createTestDatabase, type TestDatabase } from '@shop/services/testing/testDatabase';
import { ProjectionRunner } from './projectionRunner.ts';
import { WaitForReadModel } from './projector.ts';
import { rebuildProjector } from './rebuild.ts';

let tdb: TestDatabase;
let store: PostgresEventStore;
const children: ChildProcess[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new PostgresEventStore(tdb.pool, tdb.url);
  await createTestCounterTables(tdb.db as never);
});
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
afterAll(async () => {
  await store.close();
  await tdb.drop();
});

async function appendCounted(from: number, count: number) {
  for (let i = from; i < from + count; i += 10) {
    const n = Math.min(10, from + count - i);
    await store.append(
      `count-${i}`,
      'count',
      Array.from({ length: n }, (_, k) => testEvent('Counted', { n: i + k })),
      'any',
    );
  }
  await store.append(`noise-${from}`, 'noise', [testEvent('Ignored')], 'any');
}

function startChild(env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/src/testing/projectorChild.ts'], {
    env: { ...process.env, DATABASE_URL: tdb.url, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
}

const scalar = async (query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(tdb.db)).rows[0]!.n);
const countRows = () => scalar(sql<{ n: string }>`select count(*) as n from test_counts`);
const appliedBy = async () =>
  (await sql<{ applied_by: string; n: string }>`select applied_by, count(*) as n from test_applied_by group by 1`.execute(tdb.db)).rows;

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Empty tables and a checkpoint at the head of the log: each test counts only its own events. */
async function reset() {
  const head = await store.headPosition();
  await sql`truncate test_counts, test_applied_by; delete from projection_checkpoints`.execute(tdb.db);
  if (head) {
    await sql`insert into projection_checkpoints (projector, position) values ('test-counter', ${`${head.transactionId}:${head.globalPosition}`})`.execute(
      tdb.db,
    );
  }
}

describe('projection runner', () => {
  it('resumes after being killed in the middle of a batch, and its tables equal a full rebuild', async () => {
    await appendCounted(0, 200);
    const child = await startChild({ DELAY_MS: '15', BATCH_SIZE: '20' });
    await waitFor(async () => (await countRows()) >= 40);
    child.kill('SIGKILL'); // mid-batch: it is always inside a slow batch by now
    await new Promise((r) => child.once('exit', r));
    const committed = await countRows();
    expect(committed % 20).toBe(0); // only whole batches are ever committed

    const runner = new ProjectionRunner({
      db: tdb.db,
      pool: tdb.pool,
      source: store,
      projectors: [testCounterProjector()],
      batchSize: 50,
      pollMs: 20,
    });
    runner.start();
    await runner.waitUntilCaughtUp(30_000);
    await runner.stop();
    expect(await countRows()).toBe(200);
    const report = await rebuildProjector(tdb.db, store, testCounterProjector());
    expect(report).toMatchObject({ equal: true, events: 200, differences: { test_counts: 0 } });
  });

  it('runs one active instance across two processes; the other takes over when it dies', async () => {
    await reset();
    const first = await startChild();
    const second = await startChild();
    await appendCounted(1000, 50);
    await waitFor(async () => (await countRows()) === 50);
    const owners = await appliedBy();
    expect(owners).toHaveLength(1);
    const active = owners[0]!.applied_by === String(first.pid) ? first : second;
    const standby = active === first ? second : first;

    active.kill('SIGKILL');
    await appendCounted(2000, 50);
    await waitFor(async () => (await countRows()) === 100);
    const after = Object.fromEntries((await appliedBy()).map((r) => [r.applied_by, Number(r.n)]));
    expect(after).toEqual({ [String(active.pid)]: 50, [String(standby.pid)]: 50 });
  });

  it('a standby waiting for the lock keeps to its pace and its connection, however busy the log', async () => {
    await reset();
    const runnerOn = (pool: pg.Pool) =>
      new ProjectionRunner({ db: tdb.db, pool, source: store, projectors: [testCounterProjector()], batchSize: 50, pollMs: 20 });
    const standbyPool = new pg.Pool({ connectionString: tdb.url, max: 2, idleTimeoutMillis: 0 });
    let standbyConnections = 0;
    standbyPool.on('connect', () => standbyConnections++);
    const active = runnerOn(tdb.pool);
    active.start();
    await waitFor(async () => active.state('test-counter') === 'active');
    const standby = runnerOn(standbyPool);
    standby.start();
    try {
      // Every append wakes the runners' loops; the standby used to ask for the lock on a new connection each time.
      for (let i = 0; i < 20; i++) await appendCounted(3000 + i * 10, 10);
      await waitFor(async () => (await countRows()) === 200);
      expect(standby.state('test-counter')).toBe('waiting-for-lock');
      expect(standbyConnections).toBeLessThanOrEqual(1);
    } finally {
      await standby.stop();
      await active.stop();
      await standbyPool.end();
    }
  });

  it('reports a difference when the live tables were changed behind its back, and replaces them on request', async () => {
    const projector = testCounterProjector();
    await rebuildProjector(tdb.db, store, projector, { replace: true }); // the earlier tests emptied the table
    await sql`delete from test_counts where n = 1005`.execute(tdb.db);
    const checked = await rebuildProjector(tdb.db, store, projector);
    expect(checked.equal).toBe(false);
    expect(checked.differences.test_counts).toBe(1);
    const replaced = await rebuildProjector(tdb.db, store, projector, { replace: true });
    expect(replaced.replaced).toBe(true);
    expect((await rebuildProjector(tdb.db, store, projector)).equal).toBe(true);
  });
});

describe('WaitForReadModel', () => {
  it('reads the batch again until the other read model is ready, without failing, and logs only a long wait', async () => {
    let ready = false;
    let attempts = 0;
    const applied: number[] = [];
    const logged: string[] = [];
    const waiting = {
      name: 'wait-probe',
      tables: [],
      eventTypes: ['WaitProbed'],
      async apply(_trx: Transaction<ReadModels>, events: { data: unknown }[]) {
        attempts++;
        if (!ready) throw new WaitForReadModel('other');
        for (const e of events) applied.push((e.data as { n: number }).n);
      },
    };
    await store.append('wait-probe-1', 'probe', [testEvent('WaitProbed', { n: 1 }), testEvent('WaitProbed', { n: 2 })], 'any');
    const runner = new ProjectionRunner({
      db: tdb.db,
      pool: tdb.pool,
      source: store,
      projectors: [waiting],
      pollMs: 20,
      waitLoggedAfterMs: 300,
      log: (message) => logged.push(message),
    });
    runner.start();
    try {
      await waitFor(async () => logged.some((m) => m.includes('waits for the other read model')));
      expect(attempts).toBeGreaterThan(2);
      expect(runner.state('wait-probe')).toBe('active');
      expect(logged.filter((m) => m.includes('failed'))).toEqual([]);
      ready = true;
      await runner.waitUntilCaughtUp(20_000);
      // The batch was rolled back each time, so it is applied once, whole.
      expect(applied).toEqual([1, 2]);
    } finally {
      await runner.stop();
    }
  });
});

describe('asynchronousCommit', () => {
  it('commits the runner’s transactions with synchronous_commit off, and only when asked', async () => {
    const seen: { on: string[]; off: string[] } = { on: [], off: [] };
    const probe = (name: 'on' | 'off') => ({
      name: `commit-probe-${name}`,
      tables: [],
      eventTypes: ['Probed'],
      async apply(trx: Transaction<ReadModels>) {
        const { rows } = await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(trx);
        seen[name].push(rows[0]!.s);
      },
    });
    await store.append('probe-1', 'probe', [testEvent('Probed')], 'any');
    for (const [name, asynchronousCommit] of [
      ['off', true],
      ['on', false],
    ] as const) {
      const runner = new ProjectionRunner({
        db: tdb.db,
        pool: tdb.pool,
        source: store,
        projectors: [probe(name)],
        pollMs: 20,
        asynchronousCommit,
      });
      runner.start();
      await runner.waitUntilCaughtUp(20_000);
      await runner.stop();
    }
    expect(seen.off).toContain('off');
    expect(seen.on.length).toBeGreaterThan(0);
    expect(seen.on).not.toContain('off');
  });
});

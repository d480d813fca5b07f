import { randomUUID } from 'node:crypto';
import { ProjectionRunner } from '@shop/projections/runner/projectionRunner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { PostgresEventStore } from '../eventstore/postgres/postgresEventStore.ts';
import { createSmtpMailer } from '../mail/mailer.ts';
import { openQueues, type Queues } from '../queue/queues.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../simulators/smtp/smtpCatcher.ts';
import { pollUntil, testMetadata } from '../testing/fixtures.ts';
import { freePort, PrivateRedis } from '../testing/privateRedis.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startEmailWorker } from '../workers/emailWorker.ts';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { EventStore } from '../eventstore/types.ts';
import { emailReactor, emailsFor } from './emailReactor.ts';
import { enqueueAllOnce } from './enqueue.ts';
import type { Worker } from 'bullmq';

let redis: PrivateRedis;
let tdb: TestDatabase;
let store: PostgresEventStore;
let catcher: SmtpCatcher;
let queues: Queues;
let runner: ProjectionRunner;
let worker: Worker;
const config = loadConfig({ SHOP_NAME: 'Test Comics', PUBLIC_URL: 'http://shop.test' });

beforeAll(async () => {
  redis = new PrivateRedis(await freePort());
  await redis.start();
  tdb = await createTestDatabase();
  store = new PostgresEventStore(tdb.pool, tdb.url);
  catcher = await startSmtpCatcher({ smtpPort: 0, httpPort: 0 });
  queues = openQueues(redis.url, 'emailtest');
  const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${catcher.smtpPort}`, from: '"Test Comics" <orders@shop.test>' });
  worker = startEmailWorker(queues.connection, queues.prefix, mailer);
  runner = new ProjectionRunner({
    db: tdb.db,
    pool: tdb.pool,
    source: store,
    projectors: [emailReactor(store, config, queues)],
    pollMs: 50,
  });
  runner.start();
});
afterAll(async () => {
  await runner.stop();
  await worker.close();
  await queues.close();
  await catcher.close();
  await store.close();
  await tdb.drop();
  await redis.stop();
});

let publicId = 1000;
/** A guest order completed with local pickup, as its events stand in the log. */
async function completeGuestOrder(email: string): Promise<number> {
  return completeOrder({ email });
}

/** An order completed with local pickup: a guest's by default, or a registered user's (`ownerUserId`). */
async function completeOrder({
  email,
  ownerUserId = null,
  name = '',
}: {
  email: string;
  ownerUserId?: string | null;
  name?: string;
}): Promise<number> {
  const orderId = randomUUID();
  const id = ++publicId;
  const line = { stockItemId: 's1', name: 'Saga #1', kind: 'new', comicId: 'NOV260001', price: 695, pnp: 0, quantity: 2 };
  const totals = { itemCount: 2, total: 1390, pnp: 0, paid: 1390, creditFrom: 0, creditForward: 0, toPay: 0, paidInFull: true };
  await store.append(
    `order-${orderId}`,
    'order',
    [
      {
        type: 'OrderStarted',
        data: {
          orderId,
          publicId: id,
          type: 'ioa',
          externalId: null,
          ownerUserId,
          guestToken: ownerUserId ? null : 'guest',
          date: '2026-11-23T00:00:00.000Z',
        },
        metadata: testMetadata(),
      },
      { type: 'OrderEmailSet', data: { email }, metadata: testMetadata() },
      { type: 'PickupSet', data: { pickup: true }, metadata: testMetadata() },
      {
        type: 'OrderCompleted',
        data: {
          checkoutId: 'c1',
          completedDate: '2026-11-23T01:00:00.000Z',
          publicId: id,
          ownerUserId,
          email,
          adhoc: false,
          name,
          pickup: true,
          lines: [line],
          totals,
          creditUsed: 0,
          creditForward: 0,
        },
        metadata: testMetadata(),
      },
    ],
    'no_stream',
  );
  return id;
}

/** Every event handled and every email job done: no email for them is still to come. */
async function settled(): Promise<void> {
  await runner.waitUntilCaughtUp(20_000);
  const counts = () => queues.queue('email').getJobCounts('waiting', 'active', 'delayed', 'prioritized');
  await pollUntil('every email job done', async () => Object.values(await counts()).every((n) => n === 0), 20_000);
}

const confirmations = () => catcher.messages().filter((m) => /order/i.test(m.subject) && !/posted/i.test(m.subject));

describe('email reactor and worker', () => {
  it('sends exactly one confirmation for a completed order, with the tax invoice', async () => {
    const id = await completeGuestOrder('one@example.com');
    await catcher.waitFor((m) => m.to.includes('one@example.com'), 20_000);
    await settled();
    const mine = catcher.messages().filter((m) => m.to.includes('one@example.com'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toContain(String(id));
    expect(mine[0]!.text).toMatch(/Tax invoice/i);
    expect(mine[0]!.text).toMatch(/Total price includes GST/);
    expect(mine[0]!.text).toMatch(/4075/);
  });

  it('sends exactly one posted email, with the Australia Post tracking link', async () => {
    const id = await completeGuestOrder('posted@example.com');
    const { rows } = await tdb.pool.query<{ stream_id: string }>(
      `select stream_id from events where event_type = 'OrderStarted' and data->>'publicId' = $1`,
      [String(id)],
    );
    await store.append(
      rows[0]!.stream_id,
      'order',
      [
        {
          type: 'OrderPosted',
          data: { postedDate: '2026-11-24T02:00:00.000Z', trackingNumber: 'AP123456789AU' },
          metadata: testMetadata(),
        },
      ],
      4,
    );
    await catcher.waitFor((m) => m.to.includes('posted@example.com') && /posted/i.test(m.subject), 20_000);
    await settled();
    const posted = catcher.messages().filter((m) => m.to.includes('posted@example.com') && /posted/i.test(m.subject));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.html).toContain('https://auspost.com.au/mypost/track/details/AP123456789AU');
  });

  it('loses and repeats nothing when Redis is down while 20 orders complete', async () => {
    catcher.clear();
    await redis.stop();
    const emails = Array.from({ length: 20 }, (_, i) => `outage${i}@example.com`);
    for (const email of emails) await completeGuestOrder(email);
    await new Promise((r) => setTimeout(r, 1500)); // the reactor fails and backs off meanwhile
    expect(catcher.messages()).toHaveLength(0);
    await redis.start();
    const deadline = Date.now() + 60_000;
    while (confirmations().length < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await settled();
    const got = confirmations();
    expect(got).toHaveLength(20);
    expect(new Set(got.map((m) => m.to)).size).toBe(20);
    expect(new Set(got.map((m) => m.messageId)).size).toBe(20);
  });

  it('sends a confirmation for each of many orders completed at once, each once', async () => {
    const emails = Array.from({ length: 60 }, (_, i) => `burst${i}@example.com`);
    await Promise.all(emails.map((email) => completeGuestOrder(email)));
    const mine = () => confirmations().filter((m) => m.to.startsWith('burst'));
    const deadline = Date.now() + 60_000;
    while (mine().length < emails.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(new Set(mine().map((m) => m.to))).toEqual(new Set(emails));
    expect(new Set(mine().map((m) => m.messageId)).size).toBe(emails.length);
    // One job per order, all done: a second email for an order would need a second job.
    const jobs = (await queues.queue('email').getJobs(['completed', 'active', 'waiting', 'delayed', 'failed'])).filter((j) =>
      String(j.data.to).startsWith('burst'),
    );
    expect(jobs).toHaveLength(emails.length);
  });
});

describe('emailsFor', () => {
  /** The store, counting the round trips the reactor makes to it. */
  function counted(inner: EventStore) {
    const calls = { readStream: 0, readStreams: 0 };
    const store = new Proxy(inner, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key === 'readStream' || key === 'readStreams') calls[key]++;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return { store, calls };
  }
  const eventsOf = async (streamId: string, type: string): Promise<RecordedEvent[]> =>
    (await store.readStream(streamId)).filter((e) => e.type === type);

  it('reads nothing for pickup orders whose events name the buyer', async () => {
    const ids = [await completeGuestOrder('reads-none-1@example.com'), await completeGuestOrder('reads-none-2@example.com')];
    const { rows } = await tdb.pool.query<{ stream_id: string }>(
      `select stream_id from events where event_type = 'OrderStarted' and (data->>'publicId')::int = any($1::int[])`,
      [ids],
    );
    const completed = (await Promise.all(rows.map((r) => eventsOf(r.stream_id, 'OrderCompleted')))).flat();
    const { store: countingStore, calls } = counted(store);
    const jobs = await emailsFor(countingStore, config, completed);
    expect(jobs.map((j) => j.job.to).sort()).toEqual(['reads-none-1@example.com', 'reads-none-2@example.com']);
    expect(calls).toEqual({ readStream: 0, readStreams: 0 });
  });

  it("reads a batch's users, orders and credit together, and writes to the account's address", async () => {
    const userId = randomUUID();
    await store.append(
      `user-${userId}`,
      'user',
      [
        {
          type: 'UserRegistered',
          data: {
            userId,
            email: 'member@example.com',
            givenName: 'Mia',
            familyName: 'Member',
            passwordHash: 'x',
            admin: false,
            localPickup: false,
          },
          metadata: testMetadata(),
        },
      ],
      'no_stream',
    );
    const id = await completeOrder({ email: '', ownerUserId: userId });
    const { rows } = await tdb.pool.query<{ stream_id: string }>(
      `select stream_id from events where event_type = 'OrderStarted' and data->>'publicId' = $1`,
      [String(id)],
    );
    const orderStream = rows[0]!.stream_id;
    await store.append(
      orderStream,
      'order',
      [{ type: 'OrderPosted', data: { postedDate: '2026-11-24T02:00:00.000Z', trackingNumber: null }, metadata: testMetadata() }],
      4,
    );
    await store.append(
      `credit-${userId}`,
      'credit',
      [{ type: 'CreditGranted', data: { amountCents: 500, description: 'thanks', grantedBy: 'admin' }, metadata: testMetadata() }],
      'no_stream',
    );
    const batch = [
      ...(await eventsOf(orderStream, 'OrderCompleted')),
      ...(await eventsOf(orderStream, 'OrderPosted')),
      ...(await eventsOf(`credit-${userId}`, 'CreditGranted')),
    ];
    const { store: countingStore, calls } = counted(store);
    const jobs = await emailsFor(countingStore, config, batch);
    expect(jobs.map(({ job }) => [job.template, job.to, (job.data as { name: string }).name])).toEqual([
      ['orderConfirmation', 'member@example.com', 'Mia Member'],
      ['orderPosted', 'member@example.com', 'Mia Member'],
      ['creditReceived', 'member@example.com', 'Mia Member'],
    ]);
    expect(calls).toEqual({ readStream: 0, readStreams: 1 });

    // A posted order alone: its owner is found in the order's stream, and read in a second round.
    const alone = counted(store);
    expect((await emailsFor(alone.store, config, batch.slice(1, 2))).map(({ job }) => job.to)).toEqual(['member@example.com']);
    expect(alone.calls).toEqual({ readStream: 0, readStreams: 2 });
  });
});

describe('enqueueAllOnce', () => {
  it('adds a batch of jobs in one call and ignores the ids it already holds', async () => {
    const queue = queues.queue('marketplace');
    const jobs = ['a', 'b', 'c'].map((k) => ({ name: 'test', data: { k }, jobId: `once-${k}-${randomUUID()}` }));
    await queue.pause();
    try {
      await enqueueAllOnce(queue, jobs);
      await enqueueAllOnce(queue, [...jobs, { name: 'test', data: { k: 'a again' }, jobId: jobs[0]!.jobId }]);
      const held = await Promise.all(jobs.map((j) => queue.getJob(j.jobId)));
      expect(held.map((j) => j?.data)).toEqual([{ k: 'a' }, { k: 'b' }, { k: 'c' }]);
      expect(await queue.getJobCountByTypes('waiting', 'paused')).toBe(3);
    } finally {
      await queue.obliterate({ force: true });
    }
  });
});

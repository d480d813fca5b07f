/**
 * Want lists and back-in-stock emails (issue 18), end to end on the real database, Redis and the
 * SMTP catcher: want -> the item arrives -> one email with the link -> the import re-run -> no
 * second email; a replay of the reactors sends nothing again.
 */
import type { Worker } from 'bullmq';
import { ProjectionRunner } from '@shop/projections/runner/projectionRunner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAccounts, eventCount, settled, upload, type Accounts } from '../admin/testSupport.ts';
import { openDatabase, type Database } from '../../../db/database.ts';
import { createSmtpMailer } from '../../../mail/mailer.ts';
import { allReactors, reactorSource, REACTOR_NAMES } from '../../../reactors/index.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../simulators/smtp/smtpCatcher.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { startEmailWorker } from '../../../workers/emailWorker.ts';

let t: TestApp;
let a: Accounts;
let catcher: SmtpCatcher;
let worker: Worker;
let reactors: ProjectionRunner;
let workerDb: Database;

function startReactors(): ProjectionRunner {
  const list = allReactors(t.ctx, t.ctx.queues!);
  const runner = new ProjectionRunner({
    db: workerDb.db,
    pool: workerDb.pool,
    source: reactorSource(t.ctx.store, list),
    projectors: list,
    pollMs: 20,
  });
  runner.start();
  return runner;
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example.com', SHOP_NAME: 'Want Comics' });
  a = await createAccounts(t);
  workerDb = openDatabase(t.tdb.url, REACTOR_NAMES.length + 6);
  catcher = await startSmtpCatcher({ smtpPort: 0, httpPort: 0 });
  worker = startEmailWorker(
    t.ctx.queues!.connection,
    t.ctx.queues!.prefix,
    createSmtpMailer({ url: `smtp://127.0.0.1:${catcher.smtpPort}`, from: 'shop@example.com' }),
  );
  reactors = startReactors();
});
afterAll(async () => {
  await reactors.stop();
  await worker.close();
  await catcher.close();
  await workerDb.pool.end();
  await t.close();
});

const customer = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  call(t, method, url, { token: a.customer.token, payload });

async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not so in 20 s (${JSON.stringify(value).slice(0, 300)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Everything that follows from the log has happened: projectors and reactors caught up, the queue empty. */
async function quiet(): Promise<void> {
  await settled(t);
  await reactors.waitUntilCaughtUp(20_000);
  await eventually(
    () => t.ctx.queues!.queue('email').getJobCounts('waiting', 'active', 'delayed'),
    (c) => (c.waiting ?? 0) + (c.active ?? 0) + (c.delayed ?? 0) === 0,
    'email queue empty',
  );
}

const backInStock = () => catcher.messages().filter((m) => m.to.includes(a.customer.email) && m.subject.startsWith('In stock:'));

describe('the want list calls', () => {
  it('lists, adds and removes wants; refuses guests, unknown items and series, and bad grades', async () => {
    expect((await call(t, 'GET', '/api/want-list')).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/want-list', { payload: { title: 'Saga', issueNumber: '1' } })).statusCode).toBe(401);
    const before = await eventCount(t);
    for (const [body, status, message] of [
      [{ stockId: 'no-such-item' }, 404, /Item not found/],
      [{ seriesId: 'no-such-series', issueNumber: '1' }, 404, /Series not found/],
      [{ title: 'Saga', issueNumber: '1', gradeMin: 9.7 }, 400, /10-point scale/],
      [{ title: 'Saga' }, 400, /Issue number/],
      [{}, 400, /A want is/],
    ] as const) {
      const res = await customer('POST', '/api/want-list', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(await eventCount(t)).toBe(before);

    const added = await customer('POST', '/api/want-list', { title: 'Saga', issueNumber: '1', gradeMin: 9.4 });
    expect(added.statusCode, added.body).toBe(201);
    const [want] = added.json().wants;
    expect(want).toMatchObject({ title: 'Saga', issueNumber: '1', gradeMin: 9.4 });
    expect(want.createdAt).toMatch(/^\d{4}-/);
    expect((await customer('POST', '/api/want-list', { title: 'saga', issueNumber: '1', gradeMin: 9.4 })).statusCode).toBe(409);
    expect((await customer('GET', '/api/want-list')).json().wants).toHaveLength(1);
    const removed = await customer('DELETE', `/api/want-list/${want._id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().wants).toEqual([]);
    expect((await customer('DELETE', `/api/want-list/${want._id}`)).statusCode).toBe(404);
  });
});

describe('back-in-stock emails', () => {
  it('want -> the item arrives -> one email with the link -> the import re-run -> no second email', async () => {
    const want = await customer('POST', '/api/want-list', { title: 'Wanted Comic', issueNumber: '7', gradeMin: 8.0 });
    expect(want.statusCode, want.body).toBe(201);
    await settled(t);
    const tsv = [
      'WNT007\tWANTED COMIC #7\t25.00\tMarvel\t\t9.2',
      'WNT008\tWANTED COMIC #7\t15.00\tMarvel\t\t6.0', // below the minimum grade: no email
      'WNT009\tWANTED COMIC #8\t25.00\tMarvel\t\t9.8', // another issue: no email
    ].join('\n');
    const file = { name: 'wanted.tsv', type: 'text/tab-separated-values', data: tsv };
    const first = await upload(t, '/api/stock-upload', a.admin.token, { batchName: 'WANTED' }, file);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().imported).toBe(3);

    const [email] = await eventually(backInStock, (m) => m.length >= 1, 'the back-in-stock email');
    expect(email!.subject).toBe('In stock: WANTED COMIC #7');
    expect(email!.text).toMatch(/https:\/\/shop\.example\.com\/item\/u[0-9a-f]+\/wanted-comic-7-nm-9-2/);
    await quiet();
    expect(backInStock()).toHaveLength(1);

    const again = await upload(t, '/api/stock-upload', a.admin.token, { batchName: 'WANTED' }, file);
    expect(again.json()).toMatchObject({ imported: 0, alreadyImported: 3 });
    await quiet();
    expect(backInStock()).toHaveLength(1);
  });

  it('Notify me on a sold-out item: one email when an edit brings it back, none on later edits', async () => {
    const added = await call(t, 'POST', '/api/add-stock', {
      token: a.admin.token,
      payload: { itemType: 'comic', periodType: 'back-issue', comicId: 'NTF1', mainDescription: 'Notify Comic #1', srp: 500, number: 0 },
    });
    const item = added.json().comic as { _id: string; url: string };
    const want = await customer('POST', '/api/want-list', { stockId: item._id });
    expect(want.statusCode, want.body).toBe(201);
    await settled(t);
    const before = backInStock().length;
    const edit = (number: number) => call(t, 'PUT', `/api/edit-stock/${item._id}`, { token: a.admin.token, payload: { number } });
    expect((await edit(3)).statusCode).toBe(200);
    const mails = await eventually(backInStock, (m) => m.length === before + 1, 'the Notify me email');
    expect(mails.at(-1)!.text).toContain(`https://shop.example.com${item.url}`);
    expect((await edit(4)).statusCode).toBe(200); // not from 0: no arrival
    await quiet();
    expect(backInStock()).toHaveLength(before + 1);
  });

  it('a series want: one email when an issue of that series with that number arrives', async () => {
    const addStock = (body: Record<string, unknown>) =>
      call(t, 'POST', '/api/add-stock', {
        token: a.admin.token,
        payload: { itemType: 'comic', periodType: 'back-issue', srp: 500, publisher: 'Image', ...body },
      });
    const first = await addStock({ comicId: 'SER1', mainDescription: 'Series Want #1', seriesTitle: 'Series Want', issueNumber: '1' });
    expect(first.statusCode, first.body).toBe(201);
    const seriesId = first.json().comic.seriesId as string;
    expect(seriesId).toBeTruthy();
    const want = await customer('POST', '/api/want-list', { seriesId, issueNumber: '5' });
    expect(want.statusCode, want.body).toBe(201);
    expect(want.json().wants[0]).toMatchObject({ seriesId, issueNumber: '5' });
    await settled(t);
    const before = backInStock().length;
    await addStock({ comicId: 'SER4', mainDescription: 'Series Want #4', seriesId, issueNumber: '4' });
    const five = await addStock({ comicId: 'SER5', mainDescription: 'Series Want #5 (Cover B)', seriesId, issueNumber: '5' });
    expect(five.statusCode, five.body).toBe(201);
    const mails = await eventually(backInStock, (m) => m.length === before + 1, 'the series want email');
    expect(mails.at(-1)!.subject).toBe('In stock: Series Want #5 (Cover B)');
    await quiet();
    expect(backInStock()).toHaveLength(before + 1);
  });

  it('sends nothing again when the reactors replay the log from the start', async () => {
    await quiet();
    const sent = backInStock().length;
    const alerts = async () =>
      Number((await t.ctx.pool.query<{ n: string }>("select count(*) as n from events where event_type = 'WantAlerted'")).rows[0]!.n);
    const alerted = await alerts();
    await reactors.stop();
    await t.ctx.pool.query('update projection_checkpoints set position = null where projector = any($1)', [[...REACTOR_NAMES]]);
    reactors = startReactors();
    await quiet();
    expect(await alerts()).toBe(alerted);
    expect(backInStock()).toHaveLength(sent);
  });

  it('shows the admin the wants by series or title and issue', async () => {
    await settled(t);
    const res = await call(t, 'GET', '/api/admin-want-demand', { token: a.admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().demand).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Wanted Comic', issueNumber: '7', wants: 1, gradeMin: 8 }),
        expect.objectContaining({ itemName: 'Notify Comic #1', wants: 1, gradeMin: null }),
        expect.objectContaining({ title: 'Series Want', issueNumber: '5', wants: 1 }),
      ]),
    );
    expect((await call(t, 'GET', '/api/admin-want-demand', { token: a.customer.token })).statusCode).toBe(403);
  });
});

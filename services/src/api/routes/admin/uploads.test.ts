import { defaultUploadBatchName, supplierPriceCents } from '@shop/domain/catalogue/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStockFile } from '../../../admin/stockFile.ts';
import { importStockFile } from '../../../admin/stockUpload.ts';
import { testMetadata } from '../../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { call, createAccounts, eventCount, settled, upload, type Accounts } from './testSupport.ts';

let t: TestApp;
let a: Accounts;
beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  a = await createAccounts(t);
});
afterAll(() => t.close());

type Comic = {
  _id: string;
  comicId: string;
  mainDescription: string;
  srp: number;
  price: number;
  number: number;
  releaseMonth: number;
  releaseYear: number;
  periodType: string;
  writer: string;
  artist: string;
  coverArtist: string;
  batchName: string;
};

const csv = (name: string, text: string) => ({ name, type: 'text/csv', data: text });
const stockOf = async (batchId: string) =>
  (
    await call(t, 'PUT', '/api/admin-stock/', {
      token: a.admin.token,
      payload: { itemType: 'comic', batchId, limit: 9999, page: 1, zero: 2 },
    })
  ).json().comics as Comic[];

const DIAMOND = [
  'Qty,Item Code,Description,Price,Publisher',
  '2,NOV260001,"BATMAN #1, CVR A",4.99,DC Comics',
  '1,NOV260002,SAGA #70,3.99,Image Comics',
  '1,REVCREDIT,Returns credit,-10.00,Diamond',
  '3,NOV260003,X-MEN #5',
  'two,NOV260004,SPAWN #350,5.99,Image Comics',
  '1,NOV260005,NO PRICE #1,,Marvel',
  '1,NOV260006,BAD PRICE #1,abc,Marvel',
  '1,NOV260007,NO PUBLISHER #1,3.99,',
  '1,,NO ID #1,3.99,Marvel',
  '',
  '4,XYZ990001,ODD CODE #1,2.50,Marvel',
].join('\r\n');

describe('POST /api/stock-upload: the Diamond CSV', () => {
  let batchId = '';

  it('imports the good lines into the month batch and reports each bad line by number', async () => {
    const before = await eventCount(t);
    const res = await upload(t, '/api/stock-upload', a.admin.token, {}, csv('diamond.csv', DIAMOND));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.imported).toBe(3);
    expect(body.skipped).toBe(2); // the header and REVCREDIT
    expect(body.errors).toEqual([
      { line: 5, reason: expect.stringMatching(/has 3 columns/) },
      { line: 6, reason: "quantity 'two' is not a whole number" },
      { line: 7, reason: 'no price' },
      { line: 8, reason: "price 'abc' is not an amount in dollars like 4.99" },
      { line: 9, reason: 'no publisher' },
      { line: 10, reason: 'no comic id' },
    ]);
    expect(body.warnings).toEqual([{ line: 12, reason: expect.stringMatching(/Unrecognised supplier month code 'XYZ'/) }]);
    expect(body.batch.name).toBe(defaultUploadBatchName(new Date()));
    expect(body.batch.type).toBe('diamond');
    batchId = body.batch._id;
    expect(await eventCount(t)).toBe(before + 7); // the batch, three items and their three series (Batman, Saga, Odd Code)

    await settled(t);
    const items = await stockOf(batchId);
    const batman = items.find((c) => c.comicId === 'NOV260001')!;
    expect(batman).toMatchObject({
      mainDescription: 'BATMAN #1, CVR A',
      srp: 499,
      price: supplierPriceCents(499),
      number: 2,
      releaseMonth: 11,
      releaseYear: 2026,
      periodType: 'new',
      seriesId: 'batman',
      seriesTitle: 'Batman',
      issueNumber: '1',
      cover: 'A',
      printing: 1,
    });
    expect(items.find((c) => c.comicId === 'XYZ990001')).toMatchObject({ releaseMonth: 0, releaseYear: 1999 });
  });

  it('adds nothing twice when the same file is uploaded again', async () => {
    const before = await eventCount(t);
    const res = await upload(t, '/api/stock-upload', a.admin.token, {}, csv('diamond.csv', DIAMOND));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ imported: 0, alreadyImported: 3, skipped: 5 });
    expect(res.json().batch._id).toBe(batchId);
    expect(await eventCount(t)).toBe(before);
  });

  it('finishes an upload that stopped half way when the file is uploaded again', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `1,DEC26${String(i).padStart(4, '0')},HALF WAY #${i},3.99,Marvel`);
    const parsed = parseStockFile(lines.slice(0, 15).join('\n'));
    await importStockFile(t.ctx, parsed, { batchName: 'CRASH TEST' }, testMetadata()); // the run that "crashed" after 15 lines
    const res = await upload(t, '/api/stock-upload', a.admin.token, { batchName: 'CRASH TEST' }, csv('half.csv', lines.join('\n')));
    expect(res.json()).toMatchObject({ imported: 25, alreadyImported: 15, errors: [] });
    await settled(t);
    expect(await stockOf(res.json().batch._id)).toHaveLength(40);
  });

  it('refuses a file with no usable line, a non-text file and a missing file with a 400, changing nothing', async () => {
    const before = await eventCount(t);
    const bad = await upload(t, '/api/stock-upload', a.admin.token, { batchName: 'NEVER' }, csv('bad.csv', 'hello,world\n1,2'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/No stock lines could be read: line 1: has 2 columns/);
    expect(bad.json().errors).toHaveLength(2);
    const empty = await upload(t, '/api/stock-upload', a.admin.token, {}, csv('empty.csv', '\n\n'));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file has no stock lines');
    const binary = await upload(
      t,
      '/api/stock-upload',
      a.admin.token,
      {},
      { name: 'x.png', type: 'image/png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]) },
    );
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toMatch(/not a text file/);
    const noFile = await upload(t, '/api/stock-upload', a.admin.token, { batchName: 'X' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toMatch(/Choose the stock file/);
    const json = await call(t, 'POST', '/api/stock-upload', { token: a.admin.token, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart\/form-data/);
    const longName = await upload(t, '/api/stock-upload', a.admin.token, { batchName: 'x'.repeat(61) }, csv('d.csv', DIAMOND));
    expect(longName.statusCode).toBe(400);
    const badBatch = await upload(t, '/api/stock-upload', a.admin.token, { batchId: 'no-such-batch' }, csv('d.csv', DIAMOND));
    expect(badBatch.statusCode).toBe(404);
    expect(await eventCount(t)).toBe(before);
  });
});

describe('POST /api/stock-upload: the tab-separated stock file', () => {
  it('skips the header and the do-not-order line, reads creators, and gives every line the quantity', async () => {
    const tsv = [
      'DIAMD_NO\tFULL_TITLE\tSRP\tPUBLISHER\tCREATORS',
      'JAN270001\tTHE WALKING DEAD DELUXE #120\t4.99\tImage Comics\t(W) Robert Kirkman (A) Charlie Adlard (CA) David Finch',
      'JAN270002\tPlease Do Not Order From This Line\t0.00\tDiamond\t',
      'JAN270003\tINVINCIBLE #1 FACSIMILE\t3.99\tImage Comics\t(W) Robert Kirkman (A/CA) Ryan Ottley',
      'JAN270004\tBROKEN LINE',
      'JAN270005\tNO PUBLISHER #1\t3.99\t\t',
    ].join('\n');
    const res = await upload(
      t,
      '/api/stock-upload',
      a.admin.token,
      { batchName: 'JAN27 PREVIEWS', quantity: '4' },
      { name: 'previews.txt', type: 'text/plain', data: tsv },
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ imported: 2, skipped: 2, format: 'stock-tsv' });
    expect(body.errors).toEqual([
      { line: 5, reason: expect.stringMatching(/has 2 columns/) },
      { line: 6, reason: 'no publisher' },
    ]);
    expect(body.batch).toMatchObject({ name: 'JAN27 PREVIEWS', type: 'pre', periodType: 'pre-order' });
    await settled(t);
    const items = await stockOf(body.batch._id);
    expect(items.find((c) => c.comicId === 'JAN270003')).toMatchObject({
      number: 4,
      periodType: 'pre-order',
      writer: 'Robert Kirkman',
      artist: 'Ryan Ottley',
      coverArtist: 'Ryan Ottley',
      releaseMonth: 1,
      releaseYear: 2027,
      srp: 399,
    });
  });

  it('refuses a quantity that is not a whole number', async () => {
    const res = await upload(
      t,
      '/api/stock-upload',
      a.admin.token,
      { quantity: 'ten' },
      { name: 'p.txt', type: 'text/plain', data: 'A1\tX\t1.00\tY\t' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Quantity must be a number/);
  });
});

describe('uploads in the background with progress', () => {
  it('answers 202 with a job id, then reports progress and the result', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => `1,FEB27${String(i).padStart(4, '0')},ASYNC #${i},3.99,Marvel`);
    const res = await upload(t, '/api/stock-upload?async=1', a.admin.token, { batchName: 'ASYNC' }, csv('async.csv', lines.join('\n')));
    expect(res.statusCode).toBe(202);
    const { jobId } = res.json();
    let progress: { processed: number; total: number; done: boolean; result: { imported: number } | null } | null = null;
    for (let i = 0; i < 200; i++) {
      progress = (await call(t, 'GET', `/api/admin-upload-progress/${jobId}`, { token: a.admin.token })).json();
      expect(progress!.total).toBe(500);
      if (progress!.done) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(progress).toMatchObject({ done: true, processed: 500, result: { imported: 500 } });
    expect(
      (await call(t, 'GET', '/api/admin-upload-progress/00000000-0000-4000-8000-000000000000', { token: a.admin.token })).statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', '/api/admin-upload-progress/nope', { token: a.admin.token })).statusCode).toBe(400);
  });
});

describe('a 20,000-line file', () => {
  it('is imported in under 20 s', async () => {
    const lines = Array.from(
      { length: 20_000 },
      (_, i) => `${1 + (i % 3)},MAR27${String(i).padStart(5, '0')},"BIG FILE #${i}, CVR A",4.99,Marvel`,
    );
    const started = performance.now();
    const res = await upload(t, '/api/stock-upload', a.admin.token, { batchName: 'BIG' }, csv('big.csv', lines.join('\n')));
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ imported: 20_000, errors: [] });
    expect(seconds).toBeLessThan(20);
  }, 60_000);
});

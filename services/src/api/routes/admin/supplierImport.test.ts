import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { call, createAccounts, eventCount, settled, upload, type Accounts } from './testSupport.ts';

let t: TestApp;
let a: Accounts;

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  a = await createAccounts(t);
});
afterAll(() => t.close());

const fixture = (name: string) => ({
  name,
  type: 'text/csv',
  data: readFileSync(new URL(`../../../admin/fixtures/${name}`, import.meta.url), 'utf8'),
});

type Progress = {
  processed: number;
  total: number;
  done: boolean;
  failed: boolean;
  result: {
    imported: number;
    alreadyImported: number;
    errors: { line: number; reason: string }[];
    batch: { _id: string; name: string };
  } | null;
};

/** Starts an import (202) and polls its progress until it is done, with a generous deadline. */
async function importFile(format: string, name: string, fields: Record<string, string> = {}): Promise<Progress> {
  const res = await upload(t, '/api/supplier-import', a.admin.token, { format, ...fields }, fixture(name));
  expect(res.statusCode, res.body).toBe(202);
  const { jobId } = res.json() as { jobId: string };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const progress = (await call(t, 'GET', `/api/supplier-import/${jobId}`, { token: a.admin.token })).json() as Progress;
    if (progress.done) return progress;
    if (Date.now() > deadline) throw new Error('the import did not finish in 30 s');
    await new Promise((r) => setTimeout(r, 25));
  }
}

type Item = Record<string, unknown> & { comicId: string };
const itemsOf = async (batchId: string) =>
  (await call(t, 'PUT', '/api/admin-stock', { token: a.admin.token, payload: { batchId, limit: 100 } })).json().comics as Item[];

describe('POST /api/supplier-import', () => {
  it('imports a Lunar file in the background: dates, price, barcode and creators from the file, series, issue and cover from the title', async () => {
    const progress = await importFile('lunar', 'lunar-product-data.csv', { quantity: '3' });
    expect(progress).toMatchObject({ done: true, failed: false, total: 7, processed: 7 });
    expect(progress.result).toMatchObject({ imported: 7, alreadyImported: 0, batch: { name: 'Lunar FOC 2026-12-01' } });
    expect(progress.result!.errors).toEqual([
      { line: 9, reason: "FOC date '13/45/2026' is not a date like 12/1/2026" },
      { line: 10, reason: 'no price' },
    ]);
    await settled(t);
    const items = await itemsOf(progress.result!.batch._id);
    const byCode = (code: string) => items.find((i) => i.comicId === code);
    expect(byCode('1026DC0103')).toMatchObject({
      supplierType: 'lunar',
      periodType: 'pre-order',
      seriesTitle: 'Batman',
      seriesId: 'batman',
      issueNumber: '160',
      cover: '1:25',
      printing: 1,
      focDate: '2026-12-01',
      orderBy: '2026-12-01',
      releaseDate: '2026-12-30',
      releaseMonth: 12,
      releaseYear: 2026,
      srp: 599,
      number: 3,
      upc: '76194134182316051',
      writer: 'Jeph Loeb',
    });
    expect(byCode('1026DC0104')).toMatchObject({ seriesTitle: 'Absolute Wonder Woman', issueNumber: '15', printing: 2, cover: 'A' });
    expect(byCode('1026DC0105')).toMatchObject({ seriesTitle: 'Superman', issueNumber: 'Annual 2026' });
    expect(byCode('1026DC0301')).toMatchObject({ seriesTitle: 'Batman the Long Halloween DLX ED HC', upc: '9781779529718' });
  });

  it('adds nothing when the same file is imported again', async () => {
    const before = await eventCount(t);
    const progress = await importFile('lunar', 'lunar-product-data.csv', { quantity: '3' });
    expect(progress.result).toMatchObject({ imported: 0, alreadyImported: 7 });
    expect(await eventCount(t)).toBe(before);
  });

  it('imports a PRH file: the identifier is the code, a ratio from OrderRequirement marks an incentive cover', async () => {
    const progress = await importFile('prh', 'prh-foc-title-data.csv', { batchName: 'PRH test week' });
    expect(progress.result).toMatchObject({ imported: 7, batch: { name: 'PRH test week' } });
    expect(progress.result!.errors).toEqual([{ line: 9, reason: 'no comic id' }]);
    await settled(t);
    const items = await itemsOf(progress.result!.batch._id);
    const byCode = (code: string) => items.find((i) => i.comicId === code);
    expect(byCode('75960620839701231')).toMatchObject({
      supplierType: 'prh',
      seriesTitle: 'Amazing Spider-Man',
      issueNumber: '12',
      cover: '1:50',
      coverArtist: 'Pepe Larraz',
    });
    expect(byCode('75960620839701221')).toMatchObject({ cover: 'VAR' });
    expect(byCode('75960620944200111')).toMatchObject({ seriesTitle: 'X-Men', issueNumber: '1.MU' });
    expect(byCode('9781302962470')).toMatchObject({ seriesTitle: 'Ultimate Spider-Man by Jonathan Hickman', issueNumber: '3' });
  });

  it('refuses a bad format, a missing file or a file with no usable line (400), and non-admins, changing nothing', async () => {
    const before = await eventCount(t);
    const bad = await upload(t, '/api/supplier-import', a.admin.token, { format: 'midtown' }, fixture('prh-foc-title-data.csv'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Format must be one of diamond, tsv, lunar, prh');
    const noFile = await upload(t, '/api/supplier-import', a.admin.token, { format: 'prh' });
    expect(noFile.statusCode).toBe(400);
    const wrong = await upload(t, '/api/supplier-import', a.admin.token, { format: 'prh' }, fixture('lunar-product-data.csv'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/no header line with the columns MainIdentifier, Title, PriceUSD/);
    const customer = await upload(t, '/api/supplier-import', a.customer.token, { format: 'prh' }, fixture('prh-foc-title-data.csv'));
    expect(customer.statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/supplier-import/00000000-0000-4000-8000-000000000000', { token: a.admin.token })).statusCode).toBe(
      404,
    );
    expect(await eventCount(t)).toBe(before);
  });
});

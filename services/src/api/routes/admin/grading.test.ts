/** Condition and grading (issue 18): the scale, unique certifications, filters and sort, the import's columns. */
import { GRADES } from '@shop/domain/catalogue/index';
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

type Comic = { _id: string; comicId: string; condition: unknown; keyNotes: string; url: string; mainDescription: string };
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t, method, url, { token: a.admin.token, payload });
const slab = (certNumber: string, grade = 9.8, grader = 'CGC') => ({ kind: 'slab', grader, grade, label: 'Universal', certNumber });

async function addItem(body: Record<string, unknown>): Promise<Comic> {
  const res = await admin('POST', '/api/add-stock', { itemType: 'comic', periodType: 'back-issue', srp: 500, number: 1, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().comic as Comic;
}

async function refused(method: 'POST' | 'PUT', url: string, payload: unknown, status: number, message: RegExp) {
  const before = await eventCount(t);
  const res = await admin(method, url, method === 'POST' ? { itemType: 'comic', ...(payload as object) } : payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toMatch(message);
  expect(await eventCount(t)).toBe(before);
}

describe('grades on stock items', () => {
  it('accepts every step of the scale, raw and slabbed, and shows condition, key notes and the page url', async () => {
    for (const [i, grade] of GRADES.entries()) {
      const raw = await addItem({ comicId: `GR${i}`, mainDescription: `Grade Test #${i}`, condition: { kind: 'raw', grade } });
      expect(raw.condition).toEqual({ kind: 'raw', grade });
    }
    const venom = await addItem({
      comicId: 'ASM300',
      mainDescription: 'Amazing Spider-Man #300',
      condition: { ...slab('4012345001'), pageQuality: 'White' },
      keyNotes: '1st full appearance of Venom',
    });
    expect(venom).toMatchObject({
      condition: { kind: 'slab', grader: 'CGC', grade: 9.8, label: 'Universal', certNumber: '4012345001', pageQuality: 'White' },
      keyNotes: '1st full appearance of Venom',
      url: `/item/${venom._id}/amazing-spider-man-300-cgc-nm-m-9-8-universal`,
    });
  });

  it('refuses grades off the scale or between its steps (400), changing nothing', async () => {
    for (const grade of [9.7, 11, 0, -2, 'mint']) {
      await refused('POST', '/api/add-stock', { comicId: 'BAD1', mainDescription: 'Bad', condition: { kind: 'raw', grade } }, 400, /Grade/);
    }
    await refused(
      'POST',
      '/api/add-stock',
      { comicId: 'BAD2', mainDescription: 'Bad', condition: { kind: 'slab', grade: 9.8 } },
      400,
      /Grader|Label|Certification/,
    );
  });

  it('refuses a certification number already used for that grader (409), on add and on edit', async () => {
    await addItem({ comicId: 'DUP1', mainDescription: 'Dup #1', condition: slab('5550001') });
    await refused(
      'POST',
      '/api/add-stock',
      { comicId: 'DUP2', mainDescription: 'Dup #2', condition: slab('555-0001', 9.6) },
      409,
      /already used for CGC/,
    );
    // The same number at another grader is another slab.
    const cbcs = await addItem({ comicId: 'DUP3', mainDescription: 'Dup #3', condition: slab('5550001', 9.6, 'CBCS') });
    await refused('PUT', `/api/edit-stock/${cbcs._id}`, { condition: slab('5550001', 9.6, 'CGC') }, 409, /already used for CGC/);
    // Editing the holder keeps its own certification; deleting it frees the number.
    const holder = await addItem({ comicId: 'DUP4', mainDescription: 'Dup #4', condition: slab('5550002') });
    const edited = await admin('PUT', `/api/edit-stock/${holder._id}`, { condition: slab('5550002', 9.4) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await admin('DELETE', `/api/delete-stock/${holder._id}`)).statusCode).toBe(200);
    await addItem({ comicId: 'DUP5', mainDescription: 'Dup #5', condition: slab('5550002') });
    // Moving a slab to raw frees its number too.
    const moved = await addItem({ comicId: 'DUP6', mainDescription: 'Dup #6', condition: slab('5550003') });
    expect((await admin('PUT', `/api/edit-stock/${moved._id}`, { condition: { kind: 'raw', grade: 9.0 } })).statusCode).toBe(200);
    await addItem({ comicId: 'DUP7', mainDescription: 'Dup #7', condition: slab('5550003') });
    // Clearing a batch deletes its unsold items and frees their certifications.
    const batch = (await admin('POST', '/api/add-batch', { name: 'SLABS', type: 'back' })).json().batch as { _id: string };
    await addItem({ comicId: 'DUP8', mainDescription: 'Dup #8', condition: slab('5550004'), batchId: batch._id });
    await settled(t);
    const cleared = await admin('DELETE', `/api/clear-stock/${batch._id}`);
    expect(cleared.statusCode, cleared.body).toBe(200);
    await addItem({ comicId: 'DUP9', mainDescription: 'Dup #9', condition: slab('5550004') });
  });
});

describe('browse and search by grade', () => {
  it('filter by grade range and graded or raw, and sort by grade', async () => {
    await addItem({ comicId: 'FLT1', mainDescription: 'Filterman #1', condition: { kind: 'raw', grade: 4.0 } });
    await addItem({ comicId: 'FLT2', mainDescription: 'Filterman #2', condition: { kind: 'raw', grade: 9.4 } });
    await addItem({ comicId: 'FLT3', mainDescription: 'Filterman #3', condition: slab('7770001', 9.8) });
    await addItem({ comicId: 'FLT4', mainDescription: 'Filterman #4', condition: null });
    await settled(t);
    const search = async (query: string) => {
      const res = await call(t, 'GET', `/api/search-stock/filterman?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().comics as Comic[]).map((c) => c.comicId);
    };
    expect(await search('sort=grade-desc')).toEqual(['FLT3', 'FLT2', 'FLT1', 'FLT4']);
    expect((await search('gradeMin=9.0&gradeMax=9.8')).sort()).toEqual(['FLT2', 'FLT3']);
    expect(await search('graded=true')).toEqual(['FLT3']);
    expect((await search('graded=false')).sort()).toEqual(['FLT1', 'FLT2', 'FLT4']);
    expect((await call(t, 'GET', '/api/search-stock/filterman?gradeMin=9.7')).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/search-stock/filterman?graded=maybe')).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/search-stock/filterman?gradeMin=9.8&gradeMax=4.0')).statusCode).toBe(400);

    const browse = async (body: Record<string, unknown>) => {
      const res = await call(t, 'PUT', '/api/stock/', { payload: { itemType: 'comic', periodType: 'back-issue', limit: 2000, ...body } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().comics as Comic[]).map((c) => c.comicId).filter((id) => id.startsWith('FLT'));
    };
    expect(await browse({ sort: 'grade-desc', graded: false, gradeMin: 4.0 })).toEqual(['FLT2', 'FLT1']);
    expect(await browse({ graded: true, gradeMin: 9.8 })).toEqual(['FLT3']);
    expect(
      (await call(t, 'PUT', '/api/stock/', { payload: { itemType: 'comic', periodType: 'back-issue', gradeMax: 12 } })).statusCode,
    ).toBe(400);
    expect(
      (await call(t, 'PUT', '/api/stock/', { payload: { itemType: 'comic', periodType: 'back-issue', graded: 'true' } })).statusCode,
    ).toBe(400);
  });
});

describe('the stock file with graded columns', () => {
  it('imports raw and slabbed lines, refuses a certification already used, and re-runs to nothing', async () => {
    const tsv = [
      'GRD001\tDETECTIVE COMICS #27\t9000.00\tDC Comics\t\t6.0\tCGC\tRestored\t9990001\tOff-white\t1st Batman',
      'GRD002\tX-MEN #1\t500.00\tMarvel\t\t4.0',
      'GRD003\tHULK #181\t800.00\tMarvel\t\t9.8\tCGC\tUniversal\t4012345001',
      'GRD004\tHULK #181\t800.00\tMarvel\t\t9.7',
      'GRD005\tSAGA #1\t20.00\tImage\t(W) Brian K Vaughan',
    ].join('\n');
    const file = { name: 'graded.tsv', type: 'text/tab-separated-values', data: tsv };
    const res = await upload(t, '/api/stock-upload', a.admin.token, { batchName: 'GRADED' }, file);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json();
    expect(result.imported).toBe(3);
    expect(result.errors.map((e: { line: number }) => e.line)).toEqual([3, 4]);
    expect(result.errors[0].reason).toMatch(/already used for CGC/);
    expect(result.errors[1].reason).toMatch(/step of the 10-point scale/);
    await settled(t);
    const listed = (
      await admin('PUT', '/api/admin-stock/', { itemType: 'comic', batchId: result.batch._id, limit: 100, page: 1, zero: 2 })
    ).json().comics as Comic[];
    const byId = new Map(listed.map((c) => [c.comicId, c]));
    expect(byId.get('GRD001')).toMatchObject({
      condition: { kind: 'slab', grader: 'CGC', grade: 6, label: 'Restored', certNumber: '9990001', pageQuality: 'Off-white' },
      keyNotes: '1st Batman',
    });
    expect(byId.get('GRD002')?.condition).toEqual({ kind: 'raw', grade: 4 });
    expect(byId.get('GRD005')?.condition).toBeNull();
    const again = await upload(t, '/api/stock-upload', a.admin.token, { batchName: 'GRADED' }, file);
    expect(again.json()).toMatchObject({ imported: 0, alreadyImported: 3 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { ISSUE_FIELD_DEFAULTS } from '@shop/domain/catalogue/index';
import { call, createAccounts, expectRefused, settled, type Accounts } from '../admin/testSupport.ts';

let t: TestApp;
let a: Accounts;
type Comic = Record<string, unknown> & { _id: string; seriesId: string | null; seriesTitle: string; issueNumber: string; cover: string };

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  a = await createAccounts(t);
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t, method, url, { token: a.admin.token, payload });

async function addItem(body: Record<string, unknown>): Promise<Comic> {
  const res = await admin('POST', '/api/add-stock', { itemType: 'comic', periodType: 'new', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().comic as Comic;
}

const refused = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  status: number,
  message: RegExp,
  token = a.admin.token,
) => expectRefused(t, token, { method, url, payload }, status, message);

describe('series on stock items', () => {
  it('starts a series from an unknown title and finds it again by title or id', async () => {
    const first = await addItem({
      comicId: 'SER1',
      mainDescription: 'Amazing Spider-Man #12',
      publisher: 'Marvel',
      seriesTitle: 'Amazing Spider-Man',
      issueNumber: '12',
      cover: 'cvr b',
      printing: 2,
      focDate: '2026-12-01',
      releaseDate: '2026-12-24',
    });
    expect(first).toMatchObject({
      seriesId: 'amazing-spider-man',
      seriesTitle: 'Amazing Spider-Man',
      issueNumber: '12',
      cover: 'B',
      printing: 2,
      focDate: '2026-12-01',
      releaseDate: '2026-12-24',
    });
    await settled(t);
    const again = await addItem({
      comicId: 'SER2',
      mainDescription: 'Amazing Spider-Man #13',
      publisher: 'Marvel',
      seriesTitle: 'THE AMAZING SPIDER-MAN',
      issueNumber: '13',
    });
    expect(again.seriesId).toBe('amazing-spider-man');
    const byId = await addItem({
      comicId: 'SER3',
      mainDescription: 'Amazing Spider-Man #13',
      seriesId: 'amazing-spider-man',
      issueNumber: '13',
      cover: '1:25',
    });
    expect(byId).toMatchObject({ seriesId: 'amazing-spider-man', cover: '1:25' });
    await settled(t);

    const list = await call(t, 'GET', '/api/series?term=spider');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      series: [{ _id: 'amazing-spider-man', title: 'Amazing Spider-Man', publisher: 'Marvel', volume: null, issueCount: 2 }],
      total: 1,
    });
    const page = await call(t, 'GET', '/api/series/amazing-spider-man');
    expect(page.statusCode).toBe(200);
    const body = page.json() as { series: { title: string }; issues: Comic[] };
    expect(body.series.title).toBe('Amazing Spider-Man');
    // Newest release first, then the issue number, highest first; a main cover before its ratio cover.
    expect(body.issues.map((i) => `${i.issueNumber} ${i.cover}`)).toEqual(['12 B', '13 ', '13 1:25']);
  });

  it('sets, corrects and removes an item series on edit', async () => {
    const item = await addItem({ comicId: 'SER4', mainDescription: 'Saga #1', publisher: 'Image' });
    expect(item).toMatchObject(ISSUE_FIELD_DEFAULTS);
    const set = await admin('PUT', `/api/edit-stock/${item._id}`, { seriesTitle: 'Saga', issueNumber: '1' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().comics[0]).toMatchObject({ seriesId: 'saga', seriesTitle: 'Saga', issueNumber: '1' });
    const removed = await admin('PUT', `/api/edit-stock/${item._id}`, { seriesId: null });
    expect(removed.json().comics[0]).toMatchObject({ seriesId: null, seriesTitle: '' });
    await settled(t);
    const row = await t.ctx.db
      .selectFrom('stock_items')
      .select(['series_id', 'issue_number'])
      .where('stock_item_id', '=', item._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ series_id: null, issue_number: '1' });
  });

  it('refuses bad series fields with a 4xx, changing nothing', async () => {
    await refused(
      'POST',
      '/api/add-stock',
      { itemType: 'comic', comicId: 'BAD1', mainDescription: 'X #1', seriesId: 'no-such-series' },
      404,
      /Series not found/,
    );
    await refused(
      'POST',
      '/api/add-stock',
      { itemType: 'comic', comicId: 'BAD2', mainDescription: 'X #1', focDate: '2026-13-01' },
      400,
      /FOC date must be a date/,
    );
    await refused(
      'POST',
      '/api/add-stock',
      { itemType: 'comic', comicId: 'BAD3', mainDescription: 'X #1', printing: 0 },
      400,
      /Printing must be at least 1/,
    );
    await refused(
      'POST',
      '/api/add-stock',
      { itemType: 'comic', comicId: 'BAD4', mainDescription: 'X #1', seriesTitle: '!!!' },
      400,
      /Series title must have a letter or a digit/,
    );
    await refused('GET', '/api/series/no-such-series', undefined, 404, /Series not found/);
    await refused('GET', '/api/series?page=0', undefined, 400, /Page must be at least 1/);
  });
});

describe('the admin series calls', () => {
  it('renames a series: its items show the new title', async () => {
    const item = await addItem({ comicId: 'REN1', mainDescription: 'Bat #1', publisher: 'DC', seriesTitle: 'Bat', issueNumber: '1' });
    const res = await admin('PUT', `/api/edit-series/${item.seriesId}`, { title: 'Batman', volume: 2016 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().series).toMatchObject({ _id: 'bat', title: 'Batman', volume: 2016, shelfCopies: 0 });
    await settled(t);
    const page = await call(t, 'GET', '/api/series/bat');
    expect(page.json().issues[0]).toMatchObject({ seriesTitle: 'Batman' });
  });

  it('merges two series: the items move, the old id shows the series it joined, a second merge is refused', async () => {
    const a1 = await addItem({ comicId: 'MRG1', mainDescription: 'X-Men #1', publisher: 'Marvel', seriesTitle: 'X-Men', issueNumber: '1' });
    const b1 = await addItem({
      comicId: 'MRG2',
      mainDescription: 'Uncanny X-Men #2',
      publisher: 'Marvel',
      seriesTitle: 'Uncanny X-Men',
      issueNumber: '2',
    });
    await settled(t);
    const res = await admin('POST', `/api/merge-series/${b1.seriesId}`, { intoSeriesId: a1.seriesId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ series: { _id: 'x-men', title: 'X-Men' }, message: 'Merged into X-Men' });
    await settled(t);
    const page = await call(t, 'GET', '/api/series/uncanny-x-men');
    expect(page.json().series).toMatchObject({ _id: 'x-men', issueCount: 2 });
    expect(page.json().issues.map((i: Comic) => i.seriesId)).toEqual(['x-men', 'x-men']);
    const list = await call(t, 'GET', '/api/series?term=x-men');
    expect(list.json().series.map((s: { _id: string }) => s._id)).toEqual(['x-men']);
    // An item added to the merged series by id lands in the series it joined.
    const later = await addItem({ comicId: 'MRG3', mainDescription: 'Uncanny X-Men #3', seriesId: 'uncanny-x-men', issueNumber: '3' });
    expect(later.seriesId).toBe('x-men');
    await refused('POST', `/api/merge-series/${b1.seriesId}`, { intoSeriesId: 'bat' }, 409, /merged/);
    await refused('POST', `/api/merge-series/x-men`, { intoSeriesId: 'x-men' }, 400, /itself/);
    await refused('POST', `/api/merge-series/x-men`, { intoSeriesId: 'nope' }, 404, /Series not found/);
  });

  it('sets a series shelf default, 0..100', async () => {
    await addItem({ comicId: 'SHF1', mainDescription: 'Spawn #1', publisher: 'Image', seriesTitle: 'Spawn', issueNumber: '1' });
    const res = await admin('PUT', '/api/series-shelf/spawn', { shelfCopies: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().series).toMatchObject({ _id: 'spawn', shelfCopies: 3 });
    await settled(t);
    const list = await admin('GET', '/api/admin-series?term=spawn');
    expect(list.json().series[0]).toMatchObject({ _id: 'spawn', shelfCopies: 3, issueCount: 1 });
    await refused('PUT', '/api/series-shelf/spawn', { shelfCopies: 101 }, 400, /Shelf copies must be at most 100/);
    await refused('PUT', '/api/series-shelf/nope', { shelfCopies: 1 }, 404, /Series not found/);
    await refused('PUT', '/api/series-shelf/spawn', { shelfCopies: 1 }, 403, /./, a.customer.token);
    await refused('GET', '/api/admin-series', undefined, 401, /./, '');
  });
});

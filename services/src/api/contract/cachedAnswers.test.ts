import { generateDemoCatalogue } from '../../demo/demoCatalogue.ts';
import { catalogueCalls } from '@shop/domain/contract/catalogue';
import type { ZodTypeAny } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendCatalogue } from '../../catalogue/loadCatalogue.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { droppedPaths } from './zodCompilers.ts';

// Catalogue answers are prepared JSON (sendCached) and skip the serialiser: they are held to the
// contract here instead, field for field.
let t: TestApp;
const catalogue = generateDemoCatalogue({ seed: 'contract-test', items: 120, now: new Date('2026-11-23T00:00:00Z') });

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  await appendCatalogue(t.ctx.store, catalogue);
  await t.settle();
});
afterAll(() => t.close());

async function answerOf(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object): Promise<unknown> {
  const response = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function expectContract(schema: ZodTypeAny, answer: unknown): void {
  const parsed = schema.safeParse(answer);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  expect(droppedPaths(answer, parsed.data)).toEqual([]);
}

describe('catalogue answers served from the cache', () => {
  const batchId = catalogue.batches[0]!.batchId;
  const cases: [string, 'GET' | 'PUT' | 'POST', string, ZodTypeAny, object?][] = [
    [
      'browse',
      'PUT',
      '/api/stock/',
      catalogueCalls.browse.response[200],
      { itemType: 'comic', periodType: 'back-issue', limit: 60, page: 1 },
    ],
    ['search', 'GET', '/api/search-stock/the', catalogueCalls.search.response[200]],
    ['search (POST)', 'POST', '/api/search-stock/the?page=2&limit=10', catalogueCalls.search.response[200]],
    ['all batches', 'GET', '/api/all-batches', catalogueCalls.allBatches.response[200]],
    ['homepage', 'GET', '/api/homepage-stock', catalogueCalls.homepage.response[200]],
    ['more homepage', 'GET', `/api/more-homepage-stock/${batchId}/2`, catalogueCalls.moreHomepage.response[200]],
    ['pre-order stock', 'GET', `/api/stock-for-pre/${batchId}/50`, catalogueCalls.stockForPre.response[200]],
  ];
  it.each(cases)('%s matches its contract exactly', async (_name, method, url, schema, payload) => {
    // Twice: the first answer is computed, the second comes from the cache with live counts laid over.
    for (let i = 0; i < 2; i++) expectContract(schema, await answerOf(method, url, payload));
  });

  it('the cases are not empty: the demo catalogue fills browse, search and the homepage', async () => {
    const browse = (await answerOf('PUT', '/api/stock/', { itemType: 'comic', periodType: 'back-issue', limit: 60, page: 1 })) as {
      comics: unknown[];
    };
    const home = (await answerOf('GET', '/api/homepage-stock')) as { comics: unknown[]; batches: unknown[] };
    expect(browse.comics.length).toBeGreaterThan(0);
    expect(home.comics.length).toBeGreaterThan(0);
    expect(home.batches.length).toBeGreaterThan(0);
  });
});

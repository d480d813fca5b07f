import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
});
afterAll(() => t.close());

it('serves the OpenAPI document of every call and its reader at /api/docs, with no outside script', async () => {
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([, ops]) => Object.keys(ops));
  expect(operations.length).toBeGreaterThanOrEqual(84);
  expect(document.paths['/api/update-order/{id}']?.put).toMatchObject({
    requestBody: expect.anything(),
    responses: { 200: expect.anything() },
  });

  const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    expect(src).not.toMatch(/^https?:/);
    const script = await t.app.inject({ method: 'GET', url: new URL(src, 'http://shop/api/docs/').pathname });
    expect(script.statusCode).toBe(200);
  }
});

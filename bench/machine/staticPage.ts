import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHROMIUM_PATH, launchBenchBrowser } from '../lib/browserBench.ts';
import { median } from '../lib/benchDatabase.ts';

const PAGE = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Comic shop</title>
<style>body { font-family: sans-serif; margin: 0 } header { background: #1b2a4a; color: #fff; padding: 1rem }</style></head>
<body><header><h1>Comic shop</h1></header><main><p>New comics every week, back issues, pre-orders and key issues.</p></main></body></html>`;

type Viewport = { width: number; height: number };

/**
 * Chromium's first contentful paint of a page with no script (a heading and a line of text, inline
 * style) at each of `viewports`, the median of `loads` cold loads each, every load in a new browser
 * context, as bench:homepage loads the shop: the floor under bench:homepage's first painted tile
 * here. One server and one browser serve every viewport. Null when Chromium is missing.
 */
export async function staticPageFirstPaint<S extends string>(
  loads: number,
  viewports: Record<S, Viewport>,
): Promise<Record<S, number> | null> {
  if (!existsSync(CHROMIUM_PATH)) return null;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await launchBenchBrowser();
  const firstPaint = async (viewport: Viewport) => {
    const context = await browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 30_000 });
      return await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
    } finally {
      await context.close();
    }
  };
  try {
    const medians = {} as Record<S, number>;
    for (const [screen, viewport] of Object.entries(viewports) as [S, Viewport][]) {
      const paints: number[] = [];
      for (let i = 0; i < loads; i++) paints.push(await firstPaint(viewport));
      medians[screen] = median(paints);
    }
    return medians;
  } finally {
    await browser.close();
    server.close();
  }
}

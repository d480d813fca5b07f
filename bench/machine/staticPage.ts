import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchBenchBrowser } from '../lib/browserBench.ts';
import { median } from '../lib/benchDatabase.ts';

const PAGE = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Comic shop</title>
<style>body { font-family: sans-serif; margin: 0 } header { background: #1b2a4a; color: #fff; padding: 1rem }</style></head>
<body><header><h1>Comic shop</h1></header><main><p>New comics every week, back issues, pre-orders and key issues.</p></main></body></html>`;

/**
 * Chromium's first contentful paint of a page with no script (a heading and a line of text, inline
 * style), the median of `loads` cold loads, each in a new browser context, as bench:homepage loads
 * the shop: the floor under bench:homepage's first painted tile here. Null when Chromium is missing.
 */
export async function staticPageFirstPaint(loads: number, viewport: { width: number; height: number }): Promise<number | null> {
  if (!existsSync('/usr/bin/chromium')) return null;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await launchBenchBrowser();
  try {
    const paints: number[] = [];
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        await page.goto(url);
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 30_000 });
        paints.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime));
      } finally {
        await context.close();
      }
    }
    return median(paints);
  } finally {
    await browser.close();
    server.close();
  }
}

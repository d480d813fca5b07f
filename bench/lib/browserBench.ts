import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { homepagePrerenderFile } from '../../services/src/api/routes/homepagePage.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const webDist = path.join(root, 'web/dist');

/** Builds web/dist and the homepage's prerender when either is missing (or when asked); answers when the build was made. */
export function ensureWebBuilt(label: string, rebuild: boolean): Date {
  if (rebuild || !existsSync(path.join(webDist, 'index.html')) || !existsSync(homepagePrerenderFile(webDist))) {
    console.log(`${label}: building the web app (npm run build -w @shop/web)`);
    execFileSync('npm', ['run', 'build', '--silent', '-w', '@shop/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return statSync(path.join(webDist, 'index.html')).mtime;
}

/** Debian's Chromium, where the project installs it. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags the browser tests use. */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Page-side JavaScript (a string: tsx would add its own helpers to a function's source) defining
 * `afterPaint(key)`: notes in `window.__bench[key]` the time just after the next frame is painted
 * (a task queued from a requestAnimationFrame callback runs after that frame).
 */
export const AFTER_PAINT_JS = `
  const bench = (window.__bench = {});
  const afterPaint = (key) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { if (bench[key] === undefined) bench[key] = performance.now(); };
      channel.port2.postMessage(null);
    });
`;

/**
 * Waits until the page has noted every one of `keys` in `window.__bench`. A function, not a string:
 * the shop's page policy refuses string evaluation, as it should.
 */
export async function waitForBench(page: Page, keys: string[], timeout: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const noted = (window as unknown as { __bench?: Record<string, unknown> }).__bench;
      return noted !== undefined && wanted.every((key) => noted[key] !== undefined);
    },
    keys,
    { timeout },
  );
}

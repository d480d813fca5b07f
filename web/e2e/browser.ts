import { readFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const ARTIFACTS = 'test-artifacts/e2e';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh context (empty localStorage: a new guest) at a desktop or phone size. */
export async function newPage(browser: Browser, viewport: { width: number; height: number } = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Keeps a screenshot of a flow's screen (the viewport, or the whole page) under the git-ignored test-artifacts folder. */
export async function keepScreenshot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage });
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated rather than added as a <script>: the page's policy refuses inline scripts, as it should.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return axe.run();
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
}

/** Every Content Security Policy refusal the page logs from now on (Chromium reports them as console errors). */
export function watchCspViolations(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

/** Every uncaught error and console error the page reports from now on (a hydration mismatch, a refused script). */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Waits until the app has taken over the homepage the server drew (its root no longer inert). */
export async function untilTakenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('root')?.hasAttribute('inert') === false, null, { timeout: 15_000 });
}

/**
 * bench/adminLists: the admin's biggest stock list at a real shop's size. The API serves the built
 * web app (web/dist) on the 100,000-item catalogue of bench:mixed (comicshop_bench_mixed; --database
 * names another); Chromium (1366 x 850) opens All Stock, whose whole list is 9,999 items, `--loads`
 * times in a new context, and prints:
 *   - the time from navigation start to the frame after the first stock card appeared (first rows),
 *   - the time until all 9,999 items are in the list ("Showing 9,999 of … items"),
 *   - a scroll-through: the window scrolled from the top to the end of the list in `--frames`
 *     animation frames (a jump of the list's height / frames each frame, several screens at a
 *     time: the worst case for a virtualised list), with the frame intervals' median, 95th
 *     percentile and worst, and the frames over 50 ms.
 * Target: first rows under 1 s (printed, not asserted).
 *   npm run bench:admin-lists [-- --database NAME --loads 3 --frames 300 --build]
 * An admin account for the bench (bench-admin@comicshop.local) is registered in the database when it
 * has none, as the shop's setup registers its admin. web/dist is built when missing; --build builds it.
 */
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { serverUrl } from '../../services/src/testing/testDatabase.ts';
import { ensureBenchAdmin, loginBenchAdmin } from '../lib/benchAdmin.ts';
import { fmt, median, migrateBenchDatabase, stockItemCount } from '../lib/benchDatabase.ts';
import { AFTER_PAINT_JS, ensureWebBuilt, launchBenchBrowser, waitForBench } from '../lib/browserBench.ts';
import { startApiProcess } from '../lib/serviceProcesses.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'comicshop_bench_mixed' },
    loads: { type: 'string', default: '3' },
    frames: { type: 'string', default: '300' },
    build: { type: 'boolean', default: false },
    width: { type: 'string', default: '1366' },
    height: { type: 'string', default: '850' },
    port: { type: 'string', default: '3993' },
  },
});
const loads = Number(values.loads);
const frames = Number(values.frames);
const viewport = { width: Number(values.width), height: Number(values.height) };
const TARGET_MS = 1000;
/** Migrated as the shop's setup would, and with the bench's admin account. */
async function prepareDatabase(name: string): Promise<void> {
  await migrateBenchDatabase(name, 'bench/adminLists');
  await ensureBenchAdmin(serverUrl(name), 'bench/adminLists');
}

/**
 * Runs in the page before its scripts: notes the frame after the first stock card is added, and
 * when the status line first says the whole list is there. A string: tsx would add helpers to a function.
 */
const WATCH_LIST = `
(() => {
${AFTER_PAINT_JS}
  const observer = new MutationObserver(() => {
    if (bench.firstSeen === undefined && document.querySelector('.admin-stock-virtual .stock-card')) {
      bench.firstSeen = performance.now();
      afterPaint('first');
    }
    const status = document.querySelector('.admin-count');
    if (bench.wholeSeen === undefined && status && /^Showing [\\d,]+( of [\\d,]+)? items? \\(the first|^Showing [\\d,]+ items?$/.test(status.textContent.trim())) {
      bench.wholeSeen = performance.now();
      bench.cards = document.querySelectorAll('.admin-stock-virtual .stock-card').length;
      bench.status = status.textContent.trim();
      afterPaint('whole');
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();
`;

/** Scrolls the window from the list's top to its end in `frames` frames; answers each frame's interval. */
const SCROLL_THROUGH = `(frames) => new Promise((resolve) => {
  const list = document.querySelector('.admin-stock-virtual');
  const top = list.getBoundingClientRect().top + window.scrollY;
  const endNow = () => top + list.offsetHeight - window.innerHeight;
  const step = Math.max(1, (endNow() - top) / frames);
  window.scrollTo(0, top);
  const intervals = [];
  let last = 0;
  let n = 0;
  let settle = 0;
  const tick = (now) => {
    if (last && n <= frames) intervals.push(now - last);
    last = now;
    if (n++ >= frames) {
      // Rows near the end are measured as they are drawn: settle at the very end (these frames not counted).
      if (settle++ < 10 && Math.abs(window.scrollY - endNow()) > 1) {
        window.scrollTo(0, endNow());
        requestAnimationFrame(tick);
        return;
      }
      const cards = [...document.querySelectorAll('.admin-stock-virtual [aria-posinset]')].map((el) => Number(el.getAttribute('aria-posinset')));
      resolve({ intervals, lastCard: Math.max(...cards), cardsDrawn: cards.length, height: list.offsetHeight });
      return;
    }
    // Rows are measured as they are drawn, so the list's end is read again each frame.
    window.scrollTo(0, n >= frames ? endNow() : Math.min(endNow(), top + n * step));
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})`;

interface Load {
  /** First contentful paint (header, navigation). */
  fcp: number;
  /** The first page of the list asked and answered. */
  pageAsked: number;
  pageAnswered: number;
  first: number;
  whole: number;
  cards: number;
  status: string;
  answer: number;
}

async function loadOnce(browser: Browser, url: string, session: { token: string; user: unknown }, scroll: boolean) {
  const context = await browser.newContext({ viewport });
  try {
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem('accessToken', token as string);
        localStorage.setItem('user', user as string);
      },
      [session.token, JSON.stringify(session.user)],
    );
    const page = await context.newPage();
    await page.addInitScript({ content: WATCH_LIST });
    await page.goto(`${url}/admin-stock-list`);
    await waitForBench(page, ['first', 'whole'], 120_000);
    const load = (await page.evaluate(`(() => {
      const b = window.__bench;
      const answers = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/api/admin-stock/');
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const firstAnswer = answers.sort((a, b) => a.startTime - b.startTime)[0];
      return {
        first: b.first, whole: b.whole, cards: b.cards, status: b.status,
        answer: Math.max(0, ...answers.map((e) => e.responseEnd)),
        fcp: fcp ? fcp.startTime : NaN,
        pageAsked: firstAnswer ? firstAnswer.startTime : NaN,
        pageAnswered: firstAnswer ? firstAnswer.responseEnd : NaN,
      };
    })()`)) as Load;
    const scrolled = scroll
      ? ((await page.evaluate(`(${SCROLL_THROUGH})(${frames})`)) as {
          intervals: number[];
          lastCard: number;
          cardsDrawn: number;
          height: number;
        })
      : null;
    return { load, scrolled };
  } finally {
    await context.close();
  }
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

const built = ensureWebBuilt('bench/adminLists', values.build);
const name = values.database!;
await prepareDatabase(name);
const api = await startApiProcess({ DATABASE_URL: serverUrl(name), PORT: values.port!, SERVE_WEB: 'true', LOG_LEVEL: 'error' });
let browser: Browser | null = null;
try {
  const session = await loginBenchAdmin(api.url);
  console.log(
    `bench/adminLists: ${name} (${fmt(await stockItemCount(name))} items), web/dist of ${built.toLocaleString('en-AU', { timeZone: 'Australia/Sydney' })}, ` +
      `${viewport.width} x ${viewport.height}, ${loads} loads of All Stock`,
  );
  browser = await launchBenchBrowser();
  const warm = await loadOnce(browser, api.url, session, false);
  console.log(
    `  untimed first load after the API started: first rows ${warm.load.first.toFixed(0)} ms, whole list ${warm.load.whole.toFixed(0)} ms`,
  );
  const runs: Load[] = [];
  let scroll: { intervals: number[]; lastCard: number; cardsDrawn: number; height: number } | null = null;
  for (let i = 0; i < loads; i++) {
    const run = await loadOnce(browser, api.url, session, i === loads - 1);
    runs.push(run.load);
    scroll = run.scrolled ?? scroll;
    console.log(
      `  load ${i + 1}: first paint ${run.load.fcp.toFixed(0)} ms, first page asked ${run.load.pageAsked.toFixed(0)} ms and answered ${run.load.pageAnswered.toFixed(0)} ms, ` +
        `first rows ${run.load.first.toFixed(0)} ms, whole list ${run.load.whole.toFixed(0)} ms (last admin-stock answer ${run.load.answer.toFixed(0)} ms; "${run.load.status}"; ${run.load.cards} cards in the page)`,
    );
  }
  const m = (key: 'first' | 'whole') => median(runs.map((r) => r[key]));
  console.log(
    `bench/adminLists: median first rows ${m('first').toFixed(0)} ms (target under ${TARGET_MS} ms: ${m('first') < TARGET_MS ? 'met' : 'NOT met'}); ` +
      `median whole list ${m('whole').toFixed(0)} ms`,
  );
  if (scroll) {
    const iv = scroll.intervals;
    console.log(
      `bench/adminLists: scroll-through of ${fmt(scroll.height)} px in ${iv.length} frames: frame interval median ${median(iv).toFixed(1)} ms, ` +
        `p95 ${pct(iv, 95).toFixed(1)} ms, worst ${Math.max(...iv).toFixed(1)} ms, ${iv.filter((v) => v > 50).length} frames over 50 ms; ` +
        `at the end card ${fmt(scroll.lastCard)} on screen, ${scroll.cardsDrawn} cards in the page`,
    );
  }
} finally {
  await browser?.close();
  await api.stop();
}

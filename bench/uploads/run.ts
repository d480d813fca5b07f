import { randomUUID } from 'node:crypto';
/**
 * bench/uploads: a 20,000-line Diamond CSV uploaded over HTTP to the API in its own process (as in
 * production), timed end to end (multipart upload, parse, 20,000 AddStockItem appends).
 *   npx tsx bench/uploads/run.ts [-- --lines 20000 --async]
 * Then the same file again (must add nothing), and the projection of the new items.
 * The bar: 20,000 lines in under 20 s.
 */
import { parseArgs } from 'node:util';
import { allProjectors } from '../../projections/src/index.ts';
import { ProjectionRunner } from '../../projections/src/runner/projectionRunner.ts';
import { registerAccount } from '../../services/src/accounts/users.ts';
import { signAccessToken } from '../../services/src/auth/tokens.ts';
import { PostgresEventStore } from '../../services/src/eventstore/postgres/postgresEventStore.ts';
import { testMetadata } from '../../services/src/testing/fixtures.ts';
import { startApiProcess } from '../lib/serviceProcesses.ts';
import { fmt, freshBenchDatabase } from '../lib/benchDatabase.ts';

const { values } = parseArgs({ options: { lines: { type: 'string', default: '20000' }, async: { type: 'boolean', default: false } } });
const lineCount = Number(values.lines);
const JWT_SECRET = 'bench-secret-of-sufficient-length';
const PUBLISHERS = ['Marvel', 'DC Comics', 'Image Comics', 'Dark Horse', 'IDW', 'Boom! Studios'];
const TITLES = ['AMAZING SPIDER-MAN', 'BATMAN', 'SAGA', 'X-MEN', 'INVINCIBLE', 'HELLBOY', 'TMNT', 'SPAWN', 'WONDER WOMAN'];

/** A Diamond CSV: header, lineCount item lines (a few deliberately malformed), the credit line. */
function diamondFile(lines: number): string {
  const out = ['Qty,Item Code,Description,Price,Publisher'];
  for (let i = 0; i < lines; i++) {
    const id = `DEC26${String(i).padStart(5, '0')}`;
    const title = `"${TITLES[i % TITLES.length]} #${(i % 700) + 1}, CVR ${String.fromCharCode(65 + (i % 4))}"`;
    out.push(
      i % 1000 === 999
        ? `x,${id},${title},4.99,Marvel`
        : `${1 + (i % 5)},${id},${title},${(3.99 + (i % 7)).toFixed(2)},${PUBLISHERS[i % PUBLISHERS.length]}`,
    );
  }
  out.push('1,REVCREDIT,Returns credit,-25.00,Diamond');
  return out.join('\r\n');
}

const database = await freshBenchDatabase('comicshop_bench_uploads');
const store = new PostgresEventStore(database.pool, database.url);
const { userId } = await registerAccount(
  { store, ids: randomUUID },
  { email: 'bench-admin@example.com', givenName: 'Bench', familyName: 'Admin', passwordHash: 'x', admin: true },
  testMetadata(),
);
const token = signAccessToken(JWT_SECRET, { sub: userId, email: 'bench-admin@example.com' });
const file = diamondFile(lineCount);
console.log(
  `bench/uploads: ${fmt(lineCount)} lines, ${(file.length / 1024 / 1024).toFixed(1)} MB, ${values.async ? 'async with progress' : 'one request'}`,
);

const api = await startApiProcess({ DATABASE_URL: database.url, PORT: '3997', JWT_SECRET });
try {
  const post = async (query = '') => {
    const form = new FormData();
    form.append('batchName', 'DEC26 BENCH');
    form.append('file', new Blob([file], { type: 'text/csv' }), 'diamond.csv');
    return fetch(`${api.url}/api/stock-upload${query}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  };
  const run = async (label: string) => {
    const started = performance.now();
    let result: { imported: number; skipped: number; alreadyImported: number; errors: unknown[] };
    if (values.async) {
      const accepted = await post('?async=1');
      if (accepted.status !== 202) throw new Error(`upload answered ${accepted.status}: ${await accepted.text()}`);
      const { jobId } = (await accepted.json()) as { jobId: string };
      for (;;) {
        await new Promise((r) => setTimeout(r, 500));
        const progress = (await (
          await fetch(`${api.url}/api/admin-upload-progress/${jobId}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as {
          processed: number;
          total: number;
          done: boolean;
          result: typeof result;
        };
        process.stdout.write(`\r  progress ${fmt(progress.processed)} / ${fmt(progress.total)}`);
        if (progress.done) {
          result = progress.result;
          process.stdout.write('\n');
          break;
        }
      }
    } else {
      const response = await post();
      if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      result = (await response.json()) as typeof result;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  ${label}: ${seconds.toFixed(2)} s, ${fmt(lineCount / seconds)} lines/s; imported ${fmt(result.imported)}, already there ${fmt(result.alreadyImported)}, skipped ${fmt(result.skipped)}, errors ${result.errors.length}`,
    );
    return seconds;
  };
  const first = await run('first upload');
  await run('same file again');
  const started = performance.now();
  const runner = new ProjectionRunner({
    db: database.db,
    pool: database.pool,
    source: store,
    projectors: allProjectors,
    batchSize: 5000,
    pollMs: 50,
  });
  runner.start();
  await runner.waitUntilCaughtUp(10 * 60_000);
  await runner.stop();
  const count = await database.pool.query<{ n: string }>('select count(*) as n from stock_items');
  console.log(`  projected ${fmt(Number(count.rows[0]!.n))} items in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(first < 20 ? `  OK: under 20 s` : `  TOO SLOW: ${first.toFixed(1)} s (bar: 20 s)`);
} finally {
  await api.stop();
  await store.close();
  await database.close();
}

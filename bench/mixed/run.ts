/**
 * bench/mixed: a comic shop's busy hour. 100,000 catalogue items; the API, the projector role and the
 * worker role each in their own process with the Square simulator and an SMTP catcher; 50 kept-alive
 * connections browsing, searching and opening the homepage (Zipf-weighted), then the same while
 * guests complete checkouts at a set rate, others' cards are declined on last copies and an admin
 * reprices items. Prints each run's phases and the medians across runs.
 *   npm run bench:mixed [-- --runs 3 --seconds 20 --warmup 5 --checkouts 50 --declines 3 --edits 1 --connections 50 --reuse]
 * --browse-rate N: browsing arrives at N requests a second (open loop, as shoppers arrive) instead
 * of each connection asking again as soon as it is answered.
 * --cluster: on start:cluster's PostgreSQL primary, browsing from its replica, with two of each role
 * and haproxy in front of the two API processes.
 * See docs/benchmarks.md for every flag and figure.
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { startSmtpCatcher } from '../../services/src/simulators/smtp/smtpCatcher.ts';
import { buildSquareSimulator } from '../../services/src/simulators/square/squareSimulator.ts';
import { openDatabase } from '../../services/src/db/database.ts';
import { PostgresEventStore } from '../../services/src/eventstore/postgres/postgresEventStore.ts';
import { fmt } from '../lib/benchDatabase.ts';
import { numberFlag } from '../lib/numberFlag.ts';
import { startApiProcess, startRoleProcess, type ServiceProcess } from '../lib/serviceProcesses.ts';
import { CheckoutLoad, checkoutEmail } from './checkouts.ts';
import { CLUSTER_PRIMARY, replicaUrl, startClusterServices, startClusterShape } from './cluster.ts';
import { ensureBenchAdmin, loginBenchAdmin } from '../lib/benchAdmin.ts';
import { AdminEdits } from './adminEdits.ts';
import { ensureCatalogue, itemsToEdit, singleCopies, stockCheckoutPool } from './data.ts';
import { DeclinedLastCopies } from './declinedCards.ts';
import { LoadClient } from './http.ts';
import { cpuShares, readCpu, readStatus, waitUntilCaughtUp, type Processes, type ShopStatus } from './probes.ts';
import { figuresOf, medianFigures, printFigures, type Figures } from './report.ts';
import { RequestMix } from './requestMix.ts';
import { BrowsingShoppers, signUpCustomers } from './shoppers.ts';
import { BrowsingRecorder } from './stats.ts';
import { readCatalogueTerms, SearchTermPicker } from './terms.ts';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '100000' },
    pool: { type: 'string', default: '2000' },
    reuse: { type: 'boolean', default: false },
    connections: { type: 'string', default: '50' },
    'browse-rate': { type: 'string', default: '0' },
    customers: { type: 'string', default: '50' },
    checkouts: { type: 'string', default: '50' },
    declines: { type: 'string', default: '3' },
    edits: { type: 'string', default: '1' },
    'max-in-flight': { type: 'string', default: '200' },
    warmup: { type: 'string', default: '5' },
    'checkout-warmup': { type: 'string', default: '3' },
    seconds: { type: 'string', default: '20' },
    runs: { type: 'string', default: '3' },
    drain: { type: 'string', default: '60' },
    cluster: { type: 'boolean', default: false },
  },
});
const number = (flag: keyof typeof values, min: number) => numberFlag(values, flag, min);
const items = number('items', 1);
const poolSize = number('pool', 3);
const connections = number('connections', 1);
const browseRate = number('browse-rate', 0);
const customerCount = number('customers', 0);
const checkoutRate = number('checkouts', 0.1);
const declineRate = number('declines', 0);
const editRate = number('edits', 0);
const maxInFlight = number('max-in-flight', 1);
const warmupSeconds = number('warmup', 0);
const checkoutWarmupSeconds = number('checkout-warmup', 0);
const seconds = number('seconds', 1);
const runs = number('runs', 1);
const drainSeconds = number('drain', 0);
const name = 'comicshop_bench_mixed';
const cores = cpus().length;
const sleep = (s: number) => new Promise((r) => setTimeout(r, s * 1000));

if (values.cluster) {
  startClusterServices();
  process.env.TEST_DATABASE_URL = CLUSTER_PRIMARY;
}
const url = await ensureCatalogue(name, items, values.reuse);
const pool = await stockCheckoutPool(url, poolSize);
const lastCopies = await singleCopies(url, 2000);
const toEdit = await itemsToEdit(url, 2000);
await ensureBenchAdmin(url, 'bench/mixed');
const reader = openDatabase(url, 1);
const readerStore = new PostgresEventStore(reader.pool, url);
const terms = await readCatalogueTerms(reader.pool);
const picker = new SearchTermPicker(terms);
const distinct = picker.distinct;
console.log(
  `bench/mixed: ${fmt(items)} items; search terms from the catalogue: ${fmt(distinct.words)} words, ${fmt(distinct.pairs)} two-word terms, ` +
    `${fmt(distinct.typos)} typos of them (most common: ${terms.words.slice(0, 6).join(', ')}; ${terms.pairs.slice(0, 3).join(', ')})`,
);

const queuePrefix = `bench-mixed-${process.pid}`;
const started: ServiceProcess[] = [];
// A bench that dies of an uncaught error must not leave the shop's processes running (and loading
// the machine) behind it: they are killed as it exits, whatever ended it.
process.on('exit', () => {
  for (const service of started) {
    try {
      process.kill(service.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});
const smtp = await startSmtpCatcher({ smtpPort: 0, httpPort: 0 });
const smtpUrl = `smtp://127.0.0.1:${smtp.smtpPort}`;
const square = buildSquareSimulator();
const squareUrl = await square.listen({ port: 0, host: '127.0.0.1' });
let browsingClient: LoadClient | null = null;
let checkoutClient: LoadClient | null = null;
let shoppers: BrowsingShoppers | null = null;
try {
  const projector = await startRoleProcess('projector', { DATABASE_URL: url });
  started.push(projector);
  const worker = await startRoleProcess('worker', { DATABASE_URL: url, SMTP_URL: smtpUrl, QUEUE_PREFIX: queuePrefix });
  started.push(worker);
  const apiEnv = {
    DATABASE_URL: url,
    SQUARE_SIMULATOR_URL: squareUrl,
    SMTP_URL: smtpUrl,
    QUEUE_PREFIX: queuePrefix,
    LOG_LEVEL: 'error',
    // Behind haproxy the client's address (rate limits are per address) comes from X-Forwarded-For.
    ...(values.cluster ? { DATABASE_READ_URL: replicaUrl(url), TRUST_PROXY: 'true' } : {}),
  };
  const api = await startApiProcess({ ...apiEnv, PORT: '3996' });
  started.push(api);
  console.log(`  the API answered ${(api.listeningAfterMs / 1000).toFixed(1)} s after its start (its catalogue warmed first)`);
  // --cluster: two of each role, the API processes behind haproxy (the CPU shares are the first's).
  const shape = values.cluster ? await startClusterShape(apiEnv, ['3996', '3997'], 3995) : null;
  if (shape) started.push(...shape.started);
  const target = shape?.url ?? api.url;
  const pids: Processes = {
    api: api.pid,
    projector: projector.pid,
    worker: worker.pid,
    database: reader.pool,
  };

  const control = new LoadClient(`${target}/api`, 4);
  const catchUpStarted = performance.now();
  if (!(await waitUntilCaughtUp(control, 300_000)))
    console.log('  (the projectors and reactors had not caught up after 5 minutes: measuring anyway)');
  else console.log(`  projectors and reactors caught up with the log in ${((performance.now() - catchUpStarted) / 1000).toFixed(1)} s`);
  // Production's autovacuum keeps the planner's statistics as the log and the read models grow; this
  // machine's PostgreSQL runs with autovacuum off, so the bench analyses what it built and bought.
  const analyseStarted = performance.now();
  await reader.pool.query('analyze');
  console.log(`  statistics gathered (analyze, as autovacuum would) in ${((performance.now() - analyseStarted) / 1000).toFixed(1)} s`);
  const runId = Date.now().toString(36);
  const customers = await signUpCustomers(control, customerCount, runId);

  browsingClient = new LoadClient(`${target}/api`, connections);
  checkoutClient = new LoadClient(`${target}/api`, maxInFlight);
  const recorder = new BrowsingRecorder();
  shoppers = new BrowsingShoppers(browsingClient, new RequestMix(picker), recorder, customers, connections, browseRate);
  const checkouts = new CheckoutLoad(checkoutClient, pool, checkoutRate, maxInFlight, checkoutEmail(runId));
  const declines = new DeclinedLastCopies(checkoutClient, lastCopies, declineRate, checkoutEmail(runId));
  const edits = new AdminEdits(checkoutClient, toEdit, editRate, (await loginBenchAdmin(target)).token);
  console.log(
    `  ${connections} browsing connections (${customers.length} signed-in customers on half of them, guests on the rest)` +
      `${browseRate > 0 ? `, browsing arriving at ${fmt(browseRate)} requests/s (open loop)` : ', each asking again once answered'}, ` +
      `${checkoutRate} checkouts/s in phase 2 (at most ${maxInFlight} in flight), ${declineRate} declined/s (a last copy held and released, ` +
      `of ${fmt(lastCopies.length)}) and ${editRate} admin edits/s (an item repriced, of ${fmt(toEdit.length)}); ${warmupSeconds} s warm-up, ${runs} × (${seconds} s + ${checkoutWarmupSeconds} s + ${seconds} s)`,
  );

  // Terms are counted from the log's head as the load starts (the store's own count, on the commit-order index).
  const logBefore = await readerStore.headPosition();
  shoppers.start();
  await sleep(warmupSeconds);

  /** One measured window: the browsing recorder (and the checkouts, in phase 2) between two status reads. */
  async function measure(withCheckouts: boolean): Promise<{ figures: Figures; statuses: Record<string, number> }> {
    const before: ShopStatus = await readStatus(control);
    const cpu = await readCpu(pids);
    recorder.begin();
    if (withCheckouts) checkouts.begin();
    await sleep(seconds);
    const browsing = recorder.end();
    const checkoutWindow = withCheckouts ? checkouts.end() : null;
    const shares = await cpuShares(cpu, pids);
    const after = await readStatus(control);
    const cache =
      before.catalogueCache && after.catalogueCache
        ? {
            hits: after.catalogueCache.hits - before.catalogueCache.hits,
            misses: after.catalogueCache.misses - before.catalogueCache.misses,
            dropped: after.catalogueCache.dropped - before.catalogueCache.dropped,
            soldOut: after.catalogueCache.soldOut - before.catalogueCache.soldOut,
            laidOut: after.catalogueCache.laidOut - before.catalogueCache.laidOut,
          }
        : null;
    const statuses: Record<string, number> = {};
    for (const s of Object.values(browsing.kinds))
      for (const [code, n] of Object.entries(s.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
    if (checkoutWindow) for (const [failure, n] of Object.entries(checkoutWindow.failures)) statuses[`checkout ${failure}`] = n;
    return {
      figures: figuresOf(
        browsing,
        checkoutWindow && { ...checkoutWindow, rate: checkoutRate },
        cache,
        shares,
        after.emailBacklog,
        after.termsWaiting,
      ),
      statuses,
    };
  }

  const alone: Figures[] = [];
  const mixed: Figures[] = [];
  for (let run = 1; run <= runs; run++) {
    const phase1 = await measure(false);
    alone.push(phase1.figures);
    printFigures(`run ${run}, phase 1, browsing alone`, phase1.figures, cores, phase1.statuses);
    checkouts.start();
    declines.start();
    edits.start();
    await sleep(checkoutWarmupSeconds);
    const phase2 = await measure(true);
    mixed.push(phase2.figures);
    printFigures(`run ${run}, phase 2, browsing while ${checkoutRate} checkouts/s complete`, phase2.figures, cores, phase2.statuses);
    // The next phase 1 starts with no checkout in flight.
    await Promise.all([checkouts.stop(), declines.stop(), edits.stop()]);
  }
  await shoppers.stop();
  const termsToRecord = shoppers.termsToRecord;
  shoppers = null;

  if (runs > 1) {
    console.log(`MEDIANS of ${runs} runs:`);
    printFigures('phase 1, browsing alone', medianFigures(alone), cores);
    printFigures(`phase 2, browsing while ${checkoutRate} checkouts/s complete`, medianFigures(mixed), cores);
  }

  // The email backlog: confirmation emails of this invocation's checkouts received when the load
  // stopped, and how long the worker then took to send the rest (at most --drain seconds).
  const emailsOf = () => smtp.messages().filter((m) => m.to.includes(checkoutEmail(runId))).length;
  const drainStarted = performance.now();
  const atStop = emailsOf();
  const status = await readStatus(control);
  while (emailsOf() < checkouts.completed && performance.now() - drainStarted < drainSeconds * 1000) await sleep(0.25);
  const drained = emailsOf();
  console.log(
    `  order-confirmation emails: ${fmt(atStop)} received by the SMTP catcher for ${fmt(checkouts.completed)} completed checkouts (warm-ups included) when the load stopped` +
      `${status.emailBacklog === null ? '' : ` (${fmt(status.emailBacklog)} email jobs queued)`}; ` +
      (drained >= checkouts.completed
        ? `all received ${((performance.now() - drainStarted) / 1000).toFixed(1)} s later`
        : `${fmt(checkouts.completed - drained)} still missing ${drainSeconds} s later`),
  );
  // Every first page of a search records its term on the shopper's order (spec: searchTerms).
  const termsStarted = performance.now();
  const termsRecordedSince = () => readerStore.countAfter(logBefore, ['OrderSearchRecorded']);
  const termsAtStop = await termsRecordedSince();
  let termsRecorded = termsAtStop;
  while (termsRecorded < termsToRecord && performance.now() - termsStarted < drainSeconds * 1000) {
    await sleep(0.25);
    termsRecorded = await termsRecordedSince();
  }
  console.log(
    `  search terms: ${fmt(termsAtStop)} recorded on shoppers' orders for ${fmt(termsToRecord)} first pages of searches answered when the load stopped; ` +
      (termsRecorded >= termsToRecord
        ? `all recorded ${((performance.now() - termsStarted) / 1000).toFixed(1)} s later`
        : `${fmt(termsToRecord - termsRecorded)} still missing ${drainSeconds} s later (MISMATCH)`),
  );
  const charges = square.payments.filter((p) => p.status === 'COMPLETED').length;
  // A checkout answered 202 is charged once and finished by the process manager: it counts once.
  const expected = checkouts.completed + checkouts.pending;
  const failedAtAll = [...checkouts.failedAtAll].map(([key, n]) => `${key}×${n}`).join(', ');
  console.log(
    `  simulator charges: ${fmt(charges)} for ${fmt(checkouts.completed)} completed checkouts` +
      (checkouts.pending > 0 ? ` and ${fmt(checkouts.pending)} answered 202 (left to the process manager)` : '') +
      (charges >= checkouts.completed && charges <= expected ? '' : ' (MISMATCH)') +
      (failedAtAll ? `; not completed at once, warm-ups included: ${failedAtAll}` : ''),
  );
  const declineFailures = [...declines.failures].map(([key, n]) => `${key}×${n}`).join(', ');
  console.log(
    `  declined cards: ${fmt(declines.declined)} checkouts of last copies declined (402, the copy released; warm-ups included)` +
      (declineFailures ? `; ended otherwise: ${declineFailures}` : ''),
  );
  const editFailures = [...edits.failures].map(([status, n]) => `${status}×${n}`).join(', ');
  console.log(
    `  admin edits: ${fmt(edits.edited)} items repriced (warm-ups included)` +
      (editFailures ? `; answered otherwise: ${editFailures}` : ''),
  );
  control.close();
} finally {
  await shoppers?.stop();
  browsingClient?.close();
  checkoutClient?.close();
  for (let service = started.pop(); service; service = started.pop()) await service.stop();
  await square.close();
  await smtp.close();
  await reader.close();
}

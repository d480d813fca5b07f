/**
 * bench/machine: what this machine does with no shop in the way, so the shop's figures on one
 * machine can be read against another's: a system call, PostgreSQL's and Redis's cheapest round
 * trips, and a server answering the same compressed page to the load bench:mixed's browsing uses
 * (50 kept-alive connections, each asking again once answered).
 *   npm run bench:machine [-- --runs 3 --seconds 10 --connections 50]
 * See docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../services/src/config/config.ts';
import { stopChild } from '../../services/src/testing/stack.ts';
import { serverUrl } from '../../services/src/testing/testDatabase.ts';
import { fmt, median } from '../lib/benchDatabase.ts';
import { CHROMIUM_PATH } from '../lib/browserBench.ts';
import { ACCEPT_ENCODING } from '../lib/decodedBody.ts';
import { machineCpuMs, processCpuMs } from '../lib/processCpu.ts';
import { LoadClient } from '../mixed/http.ts';
import { Latencies } from '../mixed/stats.ts';
import { postgresRoundTrips, redisRoundTrips, systemCallRate, type Rate } from './roundTrips.ts';
import { staticPageFirstPaint } from './staticPage.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const runs = Number(values.runs);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
for (const [flag, n] of [
  ['runs', runs],
  ['seconds', seconds],
  ['connections', connections],
] as const) {
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${flag} must be a whole number of at least 1, got ${values[flag]}`);
}

const SERVERS = ['fastify', 'node-http'] as const;
/** A port none of the other benches' servers take. */
const SERVER_PORT = 3989;
type ServerKind = (typeof SERVERS)[number];

interface Answering {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  /** CPU a request, ms: the server process, this process (the load), the whole machine. */
  serverMs: number;
  loadMs: number;
  machineMs: number;
}

/** Starts the fixed-answer server in its own process and loads it for `seconds` as bench:mixed's browsing does. */
async function answering(kind: ServerKind, port: number): Promise<Answering> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/machine/fixedAnswerServer.ts', kind, String(port)], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const client = new LoadClient(`http://127.0.0.1:${port}`, connections);
  const headers = { 'accept-encoding': ACCEPT_ENCODING };
  try {
    const startedBy = performance.now() + 30_000;
    for (let ready = false; !ready;) {
      if (child.exitCode !== null) throw new Error(`the ${kind} server exited with ${child.exitCode}`);
      if (performance.now() > startedBy) throw new Error(`the ${kind} server did not answer within 30 s`);
      ready = (await client.send('GET', '/ready', { headers })).status === 200;
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    const loop = async (until: number, record: Latencies | null) => {
      while (performance.now() < until) {
        const sent = await client.send('GET', '/stock', { headers });
        record?.add(sent);
      }
    };
    const warmUntil = performance.now() + 2000;
    await Promise.all(Array.from({ length: connections }, () => loop(warmUntil, null)));
    const latencies = new Latencies();
    const before = { server: processCpuMs(child.pid!), load: process.cpuUsage(), machine: machineCpuMs() };
    const until = performance.now() + seconds * 1000;
    await Promise.all(Array.from({ length: connections }, () => loop(until, latencies)));
    const load = process.cpuUsage(before.load);
    const summary = latencies.summary(seconds);
    const each = (ms: number | null) => (ms === null ? Number.NaN : ms / summary.count);
    return {
      perSecond: summary.perSecond,
      p50: summary.p50,
      p99: summary.p99,
      failed: summary.errors + summary.non2xx,
      serverMs: each(before.server === null ? null : processCpuMs(child.pid!)! - before.server),
      loadMs: each((load.user + load.system) / 1000),
      machineMs: each(before.machine === null ? null : machineCpuMs()! - before.machine),
    };
  } finally {
    client.close();
    await stopChild(child);
  }
}

interface Run {
  systemCall: Rate;
  postgresOne: Rate;
  postgresEight: Rate;
  redisOne: Rate;
  redisEight: Rate;
  servers: Record<ServerKind, Answering>;
  /** Chromium's first contentful paint of a static page, ms (median of 5 cold loads); null without Chromium. */
  firstPaint: Record<Screen, number> | null;
}

/** bench:homepage's two screens. */
const SCREENS = { laptop: { width: 1366, height: 850 }, phone: { width: 390, height: 844 } } as const;
type Screen = keyof typeof SCREENS;
const PAGE_LOADS = 5;

const roundTripSeconds = Math.min(seconds, 3);
const ms = (n: number) => n.toFixed(3);
const us = (n: number) => `${n.toFixed(1)} µs`;

function print(label: string, run: Run): void {
  console.log(label);
  console.log(`    a system call (stat of /)                      ${us(run.systemCall.microsEach)} each`);
  for (const [name, one, eight] of [
    ['PostgreSQL select 1', run.postgresOne, run.postgresEight],
    ['Redis PING', run.redisOne, run.redisEight],
  ] as const) {
    console.log(
      `    ${name.padEnd(20)} one connection ${us(one.microsEach)} a round trip (${fmt(one.perSecond)}/s); 8 at once ${fmt(eight.perSecond)}/s`,
    );
  }
  for (const kind of SERVERS) {
    const a = run.servers[kind];
    console.log(
      `    ${kind.padEnd(9)} answering a fixed page, ${connections} connections: ${fmt(a.perSecond).padStart(6)} req/s   p50 ${a.p50.toFixed(1)} ms   p99 ${a.p99.toFixed(1)} ms` +
        `   CPU a request, ms: server ${ms(a.serverMs)}, load ${ms(a.loadMs)}, machine ${ms(a.machineMs)}${a.failed ? `   (${a.failed} failed)` : ''}`,
    );
  }
  console.log(
    run.firstPaint === null
      ? `    Chromium is not installed (${CHROMIUM_PATH}): a static page’s first paint not measured`
      : `    Chromium's first contentful paint of a static page (${PAGE_LOADS} cold loads): laptop ${Math.round(run.firstPaint.laptop)} ms, phone ${Math.round(run.firstPaint.phone)} ms`,
  );
}

/** Each figure's median across runs, figure by figure. */
function medianEach<T extends { [K in keyof T]: number }>(all: readonly T[]): T {
  const keys = Object.keys(all[0]!) as (keyof T)[];
  return Object.fromEntries(keys.map((key) => [key, median(all.map((one) => one[key]))])) as T;
}

const redisUrl = loadConfig().REDIS_URL;
const postgresUrl = serverUrl('postgres');
console.log(
  `bench/machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}); ${runs} × (round trips ${roundTripSeconds} s each, servers ${seconds} s each)`,
);
const all: Run[] = [];
for (let i = 1; i <= runs; i++) {
  const run: Run = {
    systemCall: systemCallRate(Math.min(seconds, 2)),
    postgresOne: await postgresRoundTrips(postgresUrl, 1, roundTripSeconds),
    postgresEight: await postgresRoundTrips(postgresUrl, 8, roundTripSeconds),
    redisOne: await redisRoundTrips(redisUrl, 1, roundTripSeconds),
    redisEight: await redisRoundTrips(redisUrl, 8, roundTripSeconds),
    servers: { fastify: await answering('fastify', SERVER_PORT), 'node-http': await answering('node-http', SERVER_PORT) },
    firstPaint: await staticPageFirstPaint(PAGE_LOADS, SCREENS),
  };
  all.push(run);
  print(`run ${i}`, run);
}
if (runs > 1) {
  print(`medians of ${runs} runs`, {
    systemCall: medianEach(all.map((r) => r.systemCall)),
    postgresOne: medianEach(all.map((r) => r.postgresOne)),
    postgresEight: medianEach(all.map((r) => r.postgresEight)),
    redisOne: medianEach(all.map((r) => r.redisOne)),
    redisEight: medianEach(all.map((r) => r.redisEight)),
    servers: {
      fastify: medianEach(all.map((r) => r.servers.fastify)),
      'node-http': medianEach(all.map((r) => r.servers['node-http'])),
    },
    firstPaint: all.every((r) => r.firstPaint !== null) ? medianEach(all.map((r) => r.firstPaint!)) : null,
  });
}

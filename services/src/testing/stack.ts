import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { waitUntilReady } from '../main/readySignal.ts';
import { serverUrl } from './testDatabase.ts';

export interface Stack {
  url: string;
  mailUrl: string;
  squareUrl: string;
  ebayUrl: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The whole shop as `npm start` runs it (the services compiled to JavaScript; setup, then the
 * supervisor with api, projector, worker and simulators), on its own database, ports and queue
 * prefix, for browser tests.
 */
export async function startStack(options: {
  name: string;
  port: number;
  demoItems?: number;
  /** Every process's output on this terminal. */
  log?: boolean;
  /** Otherwise their output (warnings and errors) in this file, emptied first. */
  logFile?: string;
}): Promise<Stack> {
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${options.name} with (force)`);
  await admin.end();
  // Its own image folder, emptied with its database: the demo covers of another catalogue (the
  // shop of `npm start`, another stack) are never shown for this one's items, nor its for theirs.
  const imagesDir = path.resolve('.data', 'stacks', options.name, 'images');
  await rm(imagesDir, { recursive: true, force: true });
  // Each process writes its ready file here (main/readySignal.ts), whatever the log level.
  const readyDir = path.resolve('.data', 'stacks', options.name, 'ready');
  await rm(readyDir, { recursive: true, force: true });
  const p = options.port;
  const env: Record<string, string> = {
    DATABASE_URL: serverUrl(options.name),
    PORT: String(p),
    PUBLIC_URL: `http://127.0.0.1:${p}`,
    QUEUE_PREFIX: options.name,
    SQUARE_SIMULATOR_URL: `http://127.0.0.1:${p + 1}`,
    SMTP_URL: `smtp://127.0.0.1:${p + 2}`,
    MAIL_VIEWER_PORT: String(p + 3),
    EBAY_API_BASE: `http://127.0.0.1:${p + 4}`,
    EBAY_AUTH_BASE: `http://127.0.0.1:${p + 4}`,
    // eBay's sales pulled every few seconds (the default is 300): the eBay flow sees them soon.
    EBAY_SYNC_SECONDS: '3',
    DEMO_ITEMS: String(options.demoItems ?? 600),
    JWT_SECRET: 'stack-secret-of-sufficient-length',
    IMAGES_DIR: imagesDir,
    READY_DIR: readyDir,
    PROJECTION_POLL_MS: '100',
    LOG_LEVEL: 'warn',
  };
  const childEnv = { ...process.env, ...env };
  let logFd: number | null = null;
  if (!options.log && options.logFile) {
    mkdirSync(path.dirname(options.logFile), { recursive: true });
    logFd = openSync(options.logFile, 'w');
  }
  const out = options.log ? 'inherit' : (logFd ?? 'ignore');
  let child: ChildProcess;
  try {
    execFileSync(process.execPath, ['services/scripts/build.mjs'], { stdio: ['ignore', out, 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      const setup = spawn(process.execPath, ['--enable-source-maps', 'services/dist/main/setup.js'], {
        env: childEnv,
        stdio: ['ignore', out, 'inherit'],
      });
      setup.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`setup exited with ${code}`))));
    });
    child = spawn(process.execPath, ['--enable-source-maps', 'services/dist/main/startAll.js'], {
      env: childEnv,
      stdio: ['ignore', out, out],
      detached: false,
    });
  } finally {
    // The children hold their own copies of the file.
    if (logFd !== null) closeSync(logFd);
  }
  const url = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 90_000;
  await waitUntilReady(readyDir, ['simulators', 'api', 'projector', 'worker'], {
    timeoutMs: 90_000,
    stopped: () => (child.exitCode !== null ? `the shop exited with ${child.exitCode}` : null),
  }).catch(async (e: unknown) => {
    await stopChild(child);
    throw e;
  });
  // Every process runs: wait for the read models to catch up with the setup's demo catalogue.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/status`);
      if (res.ok) {
        const status = (await res.json()) as { projections: { eventsBehind: number }[] };
        const home = await fetch(`${url}/`);
        if (status.projections.every((x) => x.eventsBehind === 0) && home.ok) break;
      }
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the shop did not come up in 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    mailUrl: `http://127.0.0.1:${p + 3}`,
    squareUrl: env.SQUARE_SIMULATOR_URL!,
    ebayUrl: env.EBAY_API_BASE!,
    env,
    stop: () => stopChild(child),
  };
}

/** Asks a child process to stop (SIGTERM) and resolves once it has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

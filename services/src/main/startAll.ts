import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit } from '../config/config.ts';
import { createLogger } from '../logging/logger.ts';
import { rolesFromEnv, type Role } from './clusterRoles.ts';
import { roleNodeFlags } from './roleNodeFlags.ts';
import { waitUntilReady } from './readySignal.ts';
import { rolesToStop, startInOrder } from './startOrder.ts';

/**
 * The shop's supervisor: one child process per role, restarted when it crashes, all stopped
 * cleanly on Ctrl-C (SIGINT) or SIGTERM.
 */
const config = loadConfigOrExit();
const log = createLogger(config, 'start');
const self = fileURLToPath(import.meta.url);
const here = path.dirname(self);
// Compiled (dist/main/*.js, `npm start`) the roles run as JavaScript; from source (tests) through tsx.
const compiled = path.extname(self) === '.js';
const runner = compiled ? ['--enable-source-maps'] : ['--import', 'tsx'];

const roles: Role[] = rolesFromEnv(
  [
    { name: 'simulators', script: 'simulators', color: 35 },
    { name: 'api', script: 'api', color: 36 },
    { name: 'projector', script: 'projector', color: 33 },
    { name: 'worker', script: 'worker', color: 32 },
  ],
  process.env,
);

const FIRST_ROLES_WAIT_MS = 60_000;
// The children's ready files: the caller's folder (tests, benchmarks), else one of the supervisor's own.
const ownReadyDir = process.env.READY_DIR ? null : mkdtempSync(path.join(os.tmpdir(), 'comicshop-ready-'));
const readyDir = process.env.READY_DIR ?? ownReadyDir!;

const children = new Map<string, ChildProcess>();
let stopping = false;

function prefixLines(role: Role, chunk: Buffer, write: (s: string) => void) {
  const tag = `\x1b[${role.color}m${role.name.padEnd(10)}\x1b[0m| `;
  for (const line of chunk.toString().split('\n')) if (line.length > 0) write(`${tag}${line}\n`);
}

function start(role: Role, restarts = 0): void {
  const args = [...roleNodeFlags(role.script, config), ...runner, path.join(here, `${role.script}${path.extname(self)}`)];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      ...role.env,
      READY_DIR: readyDir,
      COMICSHOP_SUPERVISOR_PID: String(process.pid),
      PROCESS_NAME: role.name,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(role.name, child);
  console.log(`[start] ${role.name} pid ${child.pid}`);
  child.stdout!.on('data', (c: Buffer) => prefixLines(role, c, (s) => process.stdout.write(s)));
  child.stderr!.on('data', (c: Buffer) => prefixLines(role, c, (s) => process.stderr.write(s)));
  const startedAt = Date.now();
  child.on('exit', (code, signal) => {
    children.delete(role.name);
    if (stopping) return;
    const quick = Date.now() - startedAt < 10_000;
    const next = quick ? restarts + 1 : 0;
    const delay = Math.min(30_000, 500 * 2 ** next);
    log.warn(`${role.name} exited (${signal ?? code}); restarting in ${delay} ms`);
    setTimeout(() => !stopping && start(role, next), delay);
  });
}

process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));

const supervisorStartedAt = Date.now();
await startInOrder(roles, {
  start: (role) => start(role),
  waitUntilReady: async (names) => {
    await waitUntilReady(readyDir, names, {
      timeoutMs: FIRST_ROLES_WAIT_MS,
      since: supervisorStartedAt,
      stopped: () => (stopping ? 'the shop is stopping' : null),
    });
  },
  stopping: () => stopping,
  notReady: (err) => {
    if (!stopping) log.warn({ err }, 'starting the other roles without them');
  },
});
log.info(`the shop is at ${config.PUBLIC_URL} (API at ${config.PUBLIC_URL}/api); Ctrl-C stops everything`);
log.info(`admin login: ${config.ADMIN_EMAIL} / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : config.ADMIN_PASSWORD}`);

function stopAll(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: stopping ${[...children.keys()].join(', ')}`);
  const stopNext = () => {
    for (const name of rolesToStop([...children.keys()])) {
      const child = children.get(name)!;
      if (!child.killed) child.kill('SIGTERM');
    }
  };
  stopNext();
  const force = setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(1);
  }, 10_000);
  const check = setInterval(() => {
    stopNext();
    if (children.size === 0) {
      clearInterval(check);
      clearTimeout(force);
      if (ownReadyDir) rmSync(ownReadyDir, { recursive: true, force: true });
      process.exit(0);
    }
  }, 50);
}

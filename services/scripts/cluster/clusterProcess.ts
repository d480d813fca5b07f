import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { readyProcesses, waitUntilReady } from '../../src/main/readySignal.ts';

/** The processes of cluster.sh's default COMICSHOP_ROLES, by the names the supervisor gives them. */
const CLUSTER_PROCESSES = ['simulators', 'api-1', 'api-2', 'projector-1', 'projector-2', 'worker-1', 'worker-2'];

export interface RunningCluster {
  url: string;
  apiUrls: [string, string];
  squareUrl: string;
  env: Record<string, string>;
  /** The newest pid of a supervised process (api-1, projector-2, ...), from its ready file. */
  pidOf(name: string): Promise<number>;
  /** Which runner holds each projector's lock, as the runners last said, with when. */
  active: Map<string, { runner: string; at: number }>;
  output: string[];
  stop(): Promise<void>;
}

const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * Starts `npm run start:cluster` (services/scripts/cluster.sh) on its own database, ports and queue
 * prefix (haproxy on `port`, then the API processes and the simulators on the next ports), keeping
 * the two PostgreSQL clusters running afterwards, and resolves once haproxy answers
 * through both API processes and every projector has caught up.
 */
export async function startCluster(options: { name: string; port: number; timeoutMs?: number }): Promise<RunningCluster> {
  const p = options.port;
  const readyDir = path.resolve('.data', 'cluster', options.name, 'ready');
  await rm(readyDir, { recursive: true, force: true });
  const env: Record<string, string> = {
    PORT: String(p),
    CLUSTER_API_PORTS: `${p + 1} ${p + 2}`,
    CLUSTER_DB_NAME: options.name,
    CLUSTER_FRESH_DB: '1',
    CLUSTER_KEEP_POSTGRES: '1',
    CLUSTER_SKIP_WEB_BUILD: '1',
    SERVE_WEB: 'false',
    QUEUE_PREFIX: options.name,
    SQUARE_SIMULATOR_URL: `http://127.0.0.1:${p + 3}`,
    SMTP_URL: `smtp://127.0.0.1:${p + 4}`,
    MAIL_VIEWER_PORT: String(p + 5),
    EBAY_API_BASE: `http://127.0.0.1:${p + 6}`,
    EBAY_AUTH_BASE: `http://127.0.0.1:${p + 6}`,
    DEMO_ITEMS: '0',
    JWT_SECRET: 'cluster-test-secret-of-sufficient-length',
    PROJECTION_POLL_MS: '100',
    // Info: the projector runners say which of them holds each projector's lock (readiness does
    // not depend on it: each process writes its ready file to READY_DIR).
    LOG_LEVEL: 'info',
    READY_DIR: readyDir,
  };
  const child: ChildProcess = spawn('bash', ['services/scripts/cluster.sh'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const active = new Map<string, { runner: string; at: number }>();
  const read = (chunk: Buffer) => {
    for (const raw of chunk.toString().split('\n')) {
      const line = raw.replace(ANSI, '');
      if (!line) continue;
      output.push(line);
      const lock = /^(projector-\d+)\s*\|.*\bprojector (\S+) active$/.exec(line);
      if (lock) active.set(lock[2]!, { runner: lock[1]!, at: Date.now() });
    }
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const url = `http://127.0.0.1:${p}`;
  const apiUrls: [string, string] = [`http://127.0.0.1:${p + 1}`, `http://127.0.0.1:${p + 2}`];
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const timeoutMs = options.timeoutMs ?? 180_000;
  const deadline = Date.now() + timeoutMs;
  try {
    await waitUntilReady(readyDir, CLUSTER_PROCESSES, {
      timeoutMs,
      stopped: () => (child.exitCode !== null ? `start:cluster exited with ${child.exitCode}` : null),
    });
  } catch (e) {
    await stop();
    throw new Error(`${(e as Error).message}:\n${output.slice(-30).join('\n')}`);
  }
  const pidOf = async (name: string) => {
    const ready = (await readyProcesses(readyDir)).get(name);
    if (!ready) throw new Error(`${name} has not signalled ready`);
    return ready.pid;
  };
  // Every process runs: wait until haproxy answers through both API processes and the projectors caught up.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`start:cluster exited with ${child.exitCode}:\n${output.slice(-30).join('\n')}`);
    if ((await caughtUp(url)) && (await Promise.all(apiUrls.map((u) => answers(`${u}/api/status`)))).every(Boolean)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the cluster did not come up in time:\n${output.slice(-30).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, apiUrls, squareUrl: env.SQUARE_SIMULATOR_URL!, env, pidOf, active, output, stop };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Every projector (and reactor) has applied every event, as GET /api/status says. */
export async function caughtUp(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/status`);
    if (!res.ok) return false;
    const status = (await res.json()) as { projections: { eventsBehind: number }[] };
    return status.projections.every((x) => x.eventsBehind === 0);
  } catch {
    return false;
  }
}

/** Polls `check` until it holds or the deadline passes; answers whether it held. */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 25): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

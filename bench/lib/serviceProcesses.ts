import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../services/src/config/config.ts';
import { roleNodeFlags } from '../../services/src/main/roleNodeFlags.ts';
import { waitUntilReady } from '../../services/src/main/readySignal.ts';
import { stopChild } from '../../services/src/testing/stack.ts';

export interface ServiceProcess {
  pid: number;
  stop(): Promise<void>;
}

/** Starts one of the shop's processes (services/src/main/<script>.ts) as production runs it, in its own process. */
function spawnService(script: string, env: Record<string, string>, stdout: 'inherit' | 'ignore'): ChildProcess {
  // BENCH_NODE_ARGS: extra node flags for the shop's processes (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const flags = roleNodeFlags(script, loadConfig({ ...process.env, ...env }));
  return spawn(process.execPath, [...flags, ...extra, '--import', 'tsx', `services/src/main/${script}.ts`], {
    env: { ...process.env, LOG_LEVEL: 'warn', SERVE_WEB: 'false', ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
}

/**
 * Runs the API as its own process (as in production), so the load generator does not share its event
 * loop; `listeningAfterMs`: from its spawn to its first answer (it warms its catalogue before it listens).
 */
export async function startApiProcess(env: Record<string, string>): Promise<ServiceProcess & { url: string; listeningAfterMs: number }> {
  const port = env.PORT ?? '3999';
  const spawned = performance.now();
  const child = spawnService('api', { PORT: port, ...env }, 'inherit');
  const url = `http://127.0.0.1:${port}`;
  // Up to a minute: the API warms its catalogue before it listens (100,000 items: seconds).
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/status`)).ok) {
        return { url, pid: child.pid!, listeningAfterMs: performance.now() - spawned, stop: () => stopChild(child) };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopChild(child);
  throw new Error(`the API did not answer ${url}/api/status within a minute`);
}

/**
 * Runs one of the shop's background roles as its own process, as in production (the projectors, or
 * the worker: reactors, email and marketplace workers, checkout recovery), so its work does not hold
 * up the load generator or the simulators in the bench's event loop. Resolves once the process
 * signals ready (its ready file, services/src/main/readySignal.ts, whatever the log level); its
 * log is not shown, its errors are.
 */
export async function startRoleProcess(role: 'projector' | 'worker', env: Record<string, string>): Promise<ServiceProcess> {
  const readyDir = await mkdtemp(path.join(tmpdir(), `comicshop-${role}-`));
  const child = spawnService(role, { READY_DIR: readyDir, ...env }, 'ignore');
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  try {
    await waitUntilReady(readyDir, [role], {
      timeoutMs: 30_000,
      stopped: () => (exited !== undefined ? `the ${role} process exited with ${exited}` : null),
    });
  } catch (e) {
    await stopChild(child);
    throw e;
  } finally {
    await rm(readyDir, { recursive: true, force: true });
  }
  return { pid: child.pid!, stop: () => stopChild(child) };
}

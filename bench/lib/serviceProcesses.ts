import { spawn, type ChildProcess } from 'node:child_process';
import { stopChild } from '../../services/src/testing/stack.ts';

export interface ServiceProcess {
  pid: number;
  stop(): Promise<void>;
}

/** Starts one of the shop's processes (services/src/main/<script>.ts) as production runs it, in its own process. */
function spawnService(script: string, env: Record<string, string>, stdout: 'inherit' | 'pipe'): ChildProcess {
  // BENCH_NODE_ARGS: extra node flags for the shop's processes (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawn(process.execPath, [...extra, '--import', 'tsx', `services/src/main/${script}.ts`], {
    env: { ...process.env, LOG_LEVEL: 'warn', SERVE_WEB: 'false', ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
}

/** Runs the API as its own process (as in production), so the load generator does not share its event loop. */
export async function startApiProcess(env: Record<string, string>): Promise<ServiceProcess & { url: string }> {
  const port = env.PORT ?? '3999';
  const child = spawnService('api', { PORT: port, ...env }, 'inherit');
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/status`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid!, stop: () => stopChild(child) };
}

/**
 * Runs one of the shop's background roles as its own process, as in production (the projectors, or
 * the worker: reactors, email and marketplace workers, checkout recovery), so its work does not hold
 * up the load generator or the simulators in the bench's event loop. Resolves once the process logs
 * `readyLine`; its log is not shown, its errors are.
 */
export async function startRoleProcess(
  role: 'projector' | 'worker',
  env: Record<string, string>,
  readyLine: string,
): Promise<ServiceProcess> {
  // Info level: the ready line is an info line (pino leaves it out at the bench's default 'warn').
  const child = spawnService(role, { LOG_LEVEL: 'info', ...env }, 'pipe');
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${role} process did not start within 30 s`)), 30_000);
    child.once('exit', (code) => reject(new Error(`${role} process exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(readyLine)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { pid: child.pid!, stop: () => stopChild(child) };
}

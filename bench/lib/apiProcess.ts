import { spawn, type ChildProcess } from 'node:child_process';

/** Runs the API as its own process (as in production), so the load generator does not share its event loop. */
export async function startApiProcess(env: Record<string, string>): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = env.PORT ?? '3999';
  // BENCH_API_NODE_ARGS: extra node flags for the API process (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
  const extra = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...extra, '--import', 'tsx', 'services/src/main/api.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', SERVE_WEB: 'false', PORT: port, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
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
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The ready signal of the shop's processes, independent of the log level: with READY_DIR set, a
 * process writes `<READY_DIR>/<name>.json` ({ name, pid, at }) once it serves (api, simulators) or
 * runs (projector, worker). `name` is PROCESS_NAME, which the supervisor sets to the role's name
 * (api, api-1, projector-2, ...), else the role. A restarted process writes its file again with its
 * new pid. The browser tests' stack, the cluster test and the benchmarks wait for these files.
 */
export interface ReadyProcess {
  name: string;
  pid: number;
  /** When it became ready (ms since the epoch). */
  at: number;
}

export async function signalReady(role: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const dir = env.READY_DIR;
  if (!dir) return;
  const name = env.PROCESS_NAME || role;
  const file = path.join(dir, `${name}.json`);
  const ready: ReadyProcess = { name, pid: process.pid, at: Date.now() };
  await mkdir(dir, { recursive: true });
  // Written aside and renamed: a reader never sees half a file.
  await writeFile(`${file}.${process.pid}.tmp`, JSON.stringify(ready));
  await rename(`${file}.${process.pid}.tmp`, file);
}

/** The processes that have signalled ready in `dir`, by name. */
export async function readyProcesses(dir: string): Promise<Map<string, ReadyProcess>> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const ready = new Map<string, ReadyProcess>();
  for (const file of files.filter((f) => f.endsWith('.json'))) {
    const read = await readFile(path.join(dir, file), 'utf8').catch(() => null);
    if (read === null) continue;
    const process = JSON.parse(read) as ReadyProcess;
    ready.set(process.name, process);
  }
  return ready;
}

/**
 * Resolves once every one of `names` has signalled ready in `dir` (after `since`, when given: a
 * restarted process), with what they signalled. `stopped` says why to give up early (the process
 * tree exited), or null.
 */
export async function waitUntilReady(
  dir: string,
  names: readonly string[],
  options: { timeoutMs: number; since?: number; stopped?: () => string | null },
): Promise<Map<string, ReadyProcess>> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const ready = await readyProcesses(dir);
    const missing = names.filter((n) => (ready.get(n)?.at ?? -1) < (options.since ?? 0));
    if (missing.length === 0) return ready;
    const stopped = options.stopped?.();
    if (stopped) throw new Error(`${stopped} before ${missing.join(', ')} signalled ready`);
    if (Date.now() > deadline) throw new Error(`${missing.join(', ')} did not signal ready in ${options.timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

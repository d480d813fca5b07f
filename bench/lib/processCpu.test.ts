import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { mainThreadSchedMs } from './processCpu.ts';

const linux = existsSync(`/proc/${process.pid}/schedstat`);

describe('mainThreadSchedMs', () => {
  it.runIf(linux)("counts the main thread's time on a core, not another thread's", async () => {
    const before = mainThreadSchedMs(process.pid)!;
    // Another thread spins for 300 ms while the main thread waits for it, idle; then the main thread
    // spins 300 ms, runnable all along: on a core or waiting for one.
    await new Promise<void>((resolve, reject) => {
      const spinner = new Worker('const end = Date.now() + 300; while (Date.now() < end);', { eval: true });
      spinner.once('exit', () => resolve());
      spinner.once('error', reject);
    });
    const afterOthers = mainThreadSchedMs(process.pid)!;
    expect(afterOthers.onCore - before.onCore).toBeLessThan(200);
    const end = Date.now() + 300;
    while (Date.now() < end);
    const afterOwn = mainThreadSchedMs(process.pid)!;
    expect(afterOwn.onCore - afterOthers.onCore + (afterOwn.waiting - afterOthers.waiting)).toBeGreaterThanOrEqual(250);
    expect(afterOwn.waiting).toBeGreaterThanOrEqual(before.waiting);
  });

  it('has no figure for a process that is not there', () => {
    expect(mainThreadSchedMs(2 ** 22 + 1)).toBeNull();
  });
});

import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const moduleUrl = pathToFileURL(fileURLToPath(new URL('./backgroundPriority.ts', import.meta.url))).href;

/** Runs yieldCoresAt in a process of its own (it changes the process it runs in) and reads every thread's niceness after. */
function inChild(nice: number, startAt = 0): { before: number; answered: number; main: number; threads: number[] } {
  const code = `
    import { getPriority, setPriority } from 'node:os';
    import { readdirSync } from 'node:fs';
    import { yieldCoresAt } from ${JSON.stringify(moduleUrl)};
    if (${startAt} > 0) setPriority(${startAt});
    const before = getPriority();
    const answered = yieldCoresAt(${nice});
    const threads = readdirSync('/proc/self/task').map(Number).map((t) => getPriority(t));
    console.log(JSON.stringify({ before, answered, main: getPriority(), threads }));`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { before: number; answered: number; main: number; threads: number[] };
}

describe.runIf(process.platform === 'linux')('yieldCoresAt', () => {
  it('raises every thread of the process to the niceness asked', () => {
    const after = inChild(7);
    expect(after.answered).toBe(7);
    expect(after.main).toBe(7);
    expect(after.threads.length).toBeGreaterThan(1);
    expect(after.threads.every((n) => n >= 7)).toBe(true);
  });

  it('leaves a process already nicer than asked, and 0 leaves it as it is', () => {
    expect(inChild(7, 12).main).toBe(12);
    const unasked = inChild(0);
    expect(unasked.main).toBe(unasked.before);
  });
});

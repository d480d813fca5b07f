import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readyProcesses, signalReady, waitUntilReady } from './readySignal.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ready-signal-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the ready signal', () => {
  it('is a file named after the supervised process, with its pid, whatever the log level', async () => {
    const waiting = waitUntilReady(dir, ['api-1', 'worker'], { timeoutMs: 10_000 });
    await signalReady('api', { READY_DIR: dir, PROCESS_NAME: 'api-1', LOG_LEVEL: 'silent' });
    await signalReady('worker', { READY_DIR: dir });
    const ready = await waiting;
    expect(ready.get('api-1')).toMatchObject({ name: 'api-1', pid: process.pid });
    expect(ready.get('worker')).toMatchObject({ name: 'worker', pid: process.pid });
    expect([...(await readyProcesses(dir)).keys()].sort()).toEqual(['api-1', 'worker']);
  });

  it('is nothing without READY_DIR', async () => {
    await signalReady('api', {});
    expect((await readyProcesses(dir)).size).toBe(0);
  });

  it('waits for a restarted process to signal again, and gives up when the process tree stopped', async () => {
    await signalReady('projector', { READY_DIR: dir });
    const since = Date.now() + 1;
    await expect(waitUntilReady(dir, ['projector'], { timeoutMs: 10_000, since, stopped: () => 'the shop exited with 1' })).rejects.toThrow(
      /the shop exited with 1 before projector signalled ready/,
    );
    await expect(waitUntilReady(dir, ['projector'], { timeoutMs: 0, since })).rejects.toThrow(/projector did not signal ready/);
  });
});

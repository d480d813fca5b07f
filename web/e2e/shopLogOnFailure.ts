import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { afterEach, beforeEach, inject } from 'vitest';

/**
 * A browser test that fails prints what the shop logged while it ran (its warnings and errors):
 * a server error behind a screen that never came is then in the test run's own output.
 */
const shopLog = inject('shopLog');
const MOST_LINES = 40;
let from = 0;

function size(): number {
  try {
    return statSync(shopLog).size;
  } catch {
    return 0;
  }
}

function readSince(offset: number): string {
  const length = size() - offset;
  if (length <= 0) return '';
  const buffer = Buffer.alloc(length);
  const fd = openSync(shopLog, 'r');
  try {
    readSync(fd, buffer, 0, length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

beforeEach(() => {
  from = size();
});

afterEach((ctx) => {
  // Empty when E2E_LOG=1 printed the shop's output as it came.
  if (!shopLog || ctx.task.result?.state !== 'fail') return;
  const lines = readSince(from)
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .filter(Boolean);
  const shown = lines.slice(-MOST_LINES).map((line) => (line.length > 600 ? `${line.slice(0, 600)}…` : line));
  console.error(
    lines.length === 0
      ? `The shop logged nothing while "${ctx.task.name}" ran.`
      : `The shop logged while "${ctx.task.name}" ran (${shopLog}, last ${shown.length} of ${lines.length} lines):\n${shown.join('\n')}`,
  );
});

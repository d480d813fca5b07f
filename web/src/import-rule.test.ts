import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../scripts/check-imports.mjs', import.meta.url));

describe('the import rule (docs/web.md, Imports)', () => {
  it('holds: no feature imports another, shared code imports no feature, no cycles', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.stdout.trim().split('\n').filter((line) => !line.endsWith('0 imports break the rule, 0 cycles between parts'))).toEqual([]);
    expect(run.status).toBe(0);
  });
});

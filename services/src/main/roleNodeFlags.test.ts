import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { roleNodeFlags } from './roleNodeFlags.ts';

describe('roleNodeFlags', () => {
  it('gives the API the young generation API_SEMI_SPACE_MB says, 64 MB unless told, and other roles nothing', () => {
    expect(roleNodeFlags('api', loadConfig({}))).toEqual(['--max-semi-space-size=64']);
    expect(roleNodeFlags('api', loadConfig({ API_SEMI_SPACE_MB: '32' }))).toEqual(['--max-semi-space-size=32']);
    for (const role of ['projector', 'worker', 'simulators']) expect(roleNodeFlags(role, loadConfig({}))).toEqual([]);
  });

  it('refuses a young generation that is not a whole number of megabytes from 1 to 1024', () => {
    expect(() => loadConfig({ API_SEMI_SPACE_MB: 'lots' })).toThrow(/API_SEMI_SPACE_MB must be a number of megabytes/);
    expect(() => loadConfig({ API_SEMI_SPACE_MB: '0' })).toThrow(/API_SEMI_SPACE_MB must be at least 1/);
    expect(() => loadConfig({ API_SEMI_SPACE_MB: '2048' })).toThrow(/API_SEMI_SPACE_MB is at most 1024/);
  });

  it('sizes the young generation of a Node process started with them', () => {
    // A semi-space grows to its limit as the process allocates, so compare what each may reach
    // (V8's own default differs between Node versions: 16 MB on Node 20, 64 MB on Node 24 here).
    const reach = (semiSpaceMb: string) =>
      Number(
        spawnSync(
          process.execPath,
          [
            ...roleNodeFlags('api', loadConfig({ API_SEMI_SPACE_MB: semiSpaceMb })),
            '-p',
            "const k = []; for (let i = 0; i < 3e6; i++) k.push({ i }); k.length = 0; require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size",
          ],
          { encoding: 'utf8' },
        ).stdout,
      );
    expect(reach('64')).toBeGreaterThan(reach('8'));
  });
});

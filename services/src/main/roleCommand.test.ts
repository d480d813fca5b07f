import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { findChrt, roleCommand } from './roleCommand.ts';

/** The scheduling policy of the process that prints it: field 41 of /proc/self/stat (0 normal, 3 batch). */
const PRINT_POLICY = "process.stdout.write(require('fs').readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[38])";

describe('roleCommand', () => {
  it('starts a role under chrt --batch unless ROLE_SCHEDULING says normal, with its Node flags', () => {
    const batch = roleCommand('api', ['--import', 'tsx', 'api.ts'], loadConfig({}), '/usr/bin/chrt');
    expect(batch).toEqual({
      command: '/usr/bin/chrt',
      args: ['--batch', '0', process.execPath, '--max-semi-space-size=64', '--import', 'tsx', 'api.ts'],
      scheduling: 'batch',
    });
    const normal = roleCommand('worker', ['worker.js'], loadConfig({ ROLE_SCHEDULING: 'normal' }), '/usr/bin/chrt');
    expect(normal).toEqual({ command: process.execPath, args: ['worker.js'], scheduling: 'normal' });
  });

  it('starts Node itself when there is no chrt', () => {
    expect(roleCommand('projector', ['projector.js'], loadConfig({}), null)).toEqual({
      command: process.execPath,
      args: ['projector.js'],
      scheduling: 'normal',
    });
  });

  it('finds chrt only on Linux, where util-linux keeps it', () => {
    expect(findChrt('darwin', () => true)).toBeNull();
    expect(findChrt('linux', () => false)).toBeNull();
    expect(findChrt('linux', (p) => p === '/bin/chrt')).toBe('/bin/chrt');
  });

  it('refuses a policy it does not know', () => {
    expect(() => loadConfig({ ROLE_SCHEDULING: 'fast' })).toThrow(/ROLE_SCHEDULING must be batch or normal/);
  });

  it.runIf(findChrt() !== null)('runs the process it starts under the policy it names', () => {
    const policyOf = (scheduling: string) => {
      const { command, args } = roleCommand('worker', ['-e', PRINT_POLICY], loadConfig({ ROLE_SCHEDULING: scheduling }));
      return spawnSync(command, args, { encoding: 'utf8' }).stdout;
    };
    const own = spawnSync(process.execPath, ['-e', PRINT_POLICY], { encoding: 'utf8' }).stdout;
    expect(policyOf('batch')).toBe('3');
    // normal leaves the policy as it is: the one this test runs under.
    expect(policyOf('normal')).toBe(own);
    expect(own).toMatch(/^\d+$/);
  });
});

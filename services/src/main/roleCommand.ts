import { existsSync } from 'node:fs';
import type { Config } from '../config/config.ts';
import { roleNodeFlags } from './roleNodeFlags.ts';

/** util-linux's chrt, where Linux keeps it; null on another system or when it is not installed. */
export function findChrt(platform: NodeJS.Platform = process.platform, exists: (path: string) => boolean = existsSync): string | null {
  if (platform !== 'linux') return null;
  return ['/usr/bin/chrt', '/bin/chrt'].find((path) => exists(path)) ?? null;
}

export interface RoleCommand {
  command: string;
  args: string[];
  /** The policy the role runs under: batch only when ROLE_SCHEDULING asks for it and chrt is there. */
  scheduling: 'batch' | 'normal';
}

/**
 * The command that starts a role's process: Node with the role's flags (`roleNodeFlags`), then
 * `entry` (how it loads its code, and its script), under SCHED_BATCH when ROLE_SCHEDULING is
 * `batch`. chrt sets the policy and execs Node, so the child's pid is Node's. The supervisor
 * (startAll) and the benchmarks, which run the roles as production does, both start them so.
 */
export function roleCommand(
  script: string,
  entry: readonly string[],
  config: Pick<Config, 'API_SEMI_SPACE_MB' | 'ROLE_SCHEDULING'>,
  chrt: string | null = findChrt(),
): RoleCommand {
  const node = [...roleNodeFlags(script, config), ...entry];
  if (config.ROLE_SCHEDULING === 'batch' && chrt) {
    return { command: chrt, args: ['--batch', '0', process.execPath, ...node], scheduling: 'batch' };
  }
  return { command: process.execPath, args: node, scheduling: 'normal' };
}

import type pg from 'pg';
import { applicationNameOf } from '../../services/src/main/runtime.ts';
import { processCpuMs } from './processCpu.ts';

/** Whose work a PostgreSQL backend does, from its connection's application_name (services/src/main/runtime.ts). */
export const POSTGRES_ROLES = ['api', 'api browse', 'projector', 'worker', 'other'] as const;
export type PostgresRole = (typeof POSTGRES_ROLES)[number];

const ROLE_BY_NAME: Record<string, PostgresRole> = {
  [applicationNameOf('api')]: 'api',
  [applicationNameOf('api', 'browse')]: 'api browse',
  [applicationNameOf('projector')]: 'projector',
  [applicationNameOf('worker')]: 'worker',
};

export const roleOfBackend = (applicationName: string): PostgresRole => ROLE_BY_NAME[applicationName] ?? 'other';

/** The backends of `pool`'s database now, by pid, with the role each serves. */
async function backendRoles(pool: pg.Pool): Promise<Map<number, PostgresRole>> {
  const { rows } = await pool.query<{ pid: number; application_name: string }>(
    'select pid, application_name from pg_stat_activity where datname = current_database()',
  );
  return new Map(rows.map((r) => [r.pid, roleOfBackend(r.application_name)]));
}

/** A reading of the CPU each of a database's backends has used so far, with the role each serves. */
export interface BackendsCpu {
  cpu: Map<number, number>;
  roles: Map<number, PostgresRole>;
}

export async function readBackendsCpu(pool: pg.Pool): Promise<BackendsCpu> {
  const roles = await backendRoles(pool);
  const cpu = new Map<number, number>();
  for (const pid of roles.keys()) {
    const ms = processCpuMs(pid);
    if (ms !== null) cpu.set(pid, ms);
  }
  return { cpu, roles };
}

/**
 * CPU the backends used between two readings, by the role each served at the second (backends that
 * ended in between are not counted; one that began counts from zero).
 */
export function cpuByRole(before: BackendsCpu, after: BackendsCpu): Record<PostgresRole, number> {
  const byRole = Object.fromEntries(POSTGRES_ROLES.map((r) => [r, 0])) as Record<PostgresRole, number>;
  for (const [pid, ms] of after.cpu) byRole[after.roles.get(pid) ?? 'other'] += ms - (before.cpu.get(pid) ?? 0);
  return byRole;
}

import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { startApiProcess, startRoleProcess, type ServiceProcess } from '../lib/serviceProcesses.ts';

/** The cluster's PostgreSQL (services/scripts/clusterPostgres.sh): the primary and its streaming replica. */
export const CLUSTER_PRIMARY = 'postgres://postgres@127.0.0.1:5433/postgres';
const REPLICA_PORT = '5434';

/**
 * Makes (first run) and starts the cluster's primary and replica, the bench database is then built
 * on the primary; and installs haproxy when missing, as start:cluster does.
 */
export function startClusterServices(): void {
  if (spawnSync('bash', ['services/scripts/ensureHaproxy.sh'], { stdio: 'inherit' }).status !== 0)
    throw new Error('haproxy is missing and could not be installed (services/scripts/ensureHaproxy.sh)');
  const made = spawnSync('bash', ['services/scripts/clusterPostgres.sh', 'comicshop', '.data/cluster', '5433', REPLICA_PORT], {
    stdio: 'inherit',
  });
  if (made.status !== 0) throw new Error('could not start the cluster PostgreSQL (services/scripts/clusterPostgres.sh)');
}

/** The same database on the replica. */
export function replicaUrl(primaryUrl: string): string {
  const url = new URL(primaryUrl);
  url.port = REPLICA_PORT;
  return url.toString();
}

/**
 * bench:mixed --cluster: the second projector runner, worker and API process (reading the replica
 * like the first), and haproxy in front of both API processes on `port`, as start:cluster runs them.
 */
export async function startClusterShape(
  env: Record<string, string>,
  apiPorts: [string, string],
  port: number,
): Promise<{ url: string; started: ServiceProcess[] }> {
  const started: ServiceProcess[] = [];
  started.push(await startRoleProcess('projector', env));
  started.push(await startRoleProcess('worker', env));
  started.push(await startApiProcess({ ...env, PORT: apiPorts[1] }));
  const config = spawnSync('bash', ['services/scripts/clusterHaproxy.sh', String(port), ...apiPorts], { encoding: 'utf8' });
  const file = path.resolve('.data/cluster/bench-haproxy.cfg');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, config.stdout);
  const haproxy = spawn('haproxy', ['-db', '-f', file], { stdio: 'ignore' });
  let failed: Error | null = null;
  haproxy.once('error', (e) => (failed = e));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/api/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (failed) throw new Error(`haproxy did not start: ${(failed as Error).message}`);
    if (i > 200) throw new Error('haproxy did not answer');
    await new Promise((r) => setTimeout(r, 100));
  }
  started.push({
    pid: haproxy.pid!,
    stop: () =>
      new Promise<void>((resolve) =>
        haproxy.exitCode !== null ? resolve() : (haproxy.once('exit', () => resolve()), haproxy.kill('SIGTERM')),
      ),
  });
  return { url, started };
}

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSchema } from '../src/config/config.ts';

interface Service {
  image?: string;
  profiles?: string[];
  volumes?: string[];
  ports?: string[];
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as { services: Record<string, Service> };

describe('docker-compose.yml', () => {
  it('runs the infrastructure and every process of the app', () => {
    const always = Object.entries(compose.services).filter(([, s]) => !s.profiles);
    expect(always.map(([name]) => name).sort()).toEqual(
      ['api', 'eventstoredb', 'mailpit', 'postgres', 'projector', 'redis', 'setup', 'worker'].sort(),
    );
  });

  it('has a cluster profile of start:cluster’s shape: two of each process, a replica and the balancer', () => {
    const cluster = Object.entries(compose.services).filter(([, s]) => s.profiles?.includes('cluster'));
    expect(cluster.map(([name]) => name).sort()).toEqual(['api-2', 'balancer', 'postgres-replica', 'projector-2', 'worker-2']);
    for (const role of ['api', 'projector', 'worker'])
      expect(compose.services[`${role}-2`]!.command).toEqual(compose.services[role]!.command);
    const replica = compose.services['postgres-replica']!;
    expect(replica.command!.join(' ')).toMatch(/pg_basebackup -h postgres .*-R/);
    expect(compose.services.postgres!.command!.join(' ')).toContain('wal_level=replica');
    const replicationFile = compose.services.postgres!.volumes!.find((v) => v.includes('docker-entrypoint-initdb.d'))!.split(':')[0]!;
    expect(readFileSync(replicationFile, 'utf8')).toMatch(/"host replication all all /);
    // The balancer's file is what clusterHaproxy.sh prints for these services, so the two never drift.
    const mounted = compose.services.balancer!.volumes!.find((v) => v.endsWith('haproxy.cfg:ro'))!.split(':')[0]!;
    const printed = execFileSync('bash', ['services/scripts/clusterHaproxy.sh', '0.0.0.0:3000', 'api:3000', 'api-2:3000'], {
      encoding: 'utf8',
    });
    expect(readFileSync(mounted, 'utf8')).toBe(printed);
    // With the profile, DATABASE_READ_URL names the replica; without, it is empty and reads go to the primary.
    expect(configSchema.parse({ DATABASE_READ_URL: '' }).DATABASE_READ_URL).toBeUndefined();
    expect(
      configSchema.parse({ DATABASE_READ_URL: 'postgres://postgres:postgres@postgres-replica:5432/comicshop' }).DATABASE_READ_URL,
    ).toMatch(/postgres-replica/);
  });

  it('has a healthcheck on every long-running service that others wait on', () => {
    for (const name of ['postgres', 'redis', 'eventstoredb', 'mailpit', 'api']) {
      expect(compose.services[name]!.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
  });

  it('runs compiled entry points that the build makes, from sources that exist, on Node 24', () => {
    const built = readFileSync('services/scripts/build.mjs', 'utf8');
    for (const [name, service] of Object.entries(compose.services)) {
      for (const part of service.command ?? []) {
        expect(part, name).not.toMatch(/tsx/);
        for (const [file, entry] of part.matchAll(/services\/dist\/main\/(\w+)\.js/g)) {
          expect(existsSync(`services/src/main/${entry}.ts`), `${name}: ${file}`).toBe(true);
          expect(built, `${name}: ${entry} is built`).toContain(`'${entry}'`);
        }
      }
    }
    expect(compose.services.api!.image).toBe('node:24-bookworm');
  });

  it('passes only configuration the app validates, with valid values', () => {
    const known = new Set([...Object.keys(configSchema.shape), 'SMTP_URL']);
    const env = compose.services.api!.environment!;
    for (const key of Object.keys(env)) expect(known.has(key), key).toBe(true);
    const resolved = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v).replace(/\$\{\w+:-([^}]*)\}/g, '$1')]));
    expect(configSchema.safeParse(resolved).success).toBe(true);
  });
});

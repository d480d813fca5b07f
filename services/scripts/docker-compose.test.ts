import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSchema } from '../src/config/config.ts';

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as { services: Record<string, Service> };

describe('docker-compose.yml', () => {
  it('runs the infrastructure and every process of the app', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['api', 'eventstoredb', 'mailpit', 'postgres', 'projector', 'redis', 'setup', 'worker'].sort(),
    );
  });

  it('has a healthcheck on every long-running service that others wait on', () => {
    for (const name of ['postgres', 'redis', 'eventstoredb', 'mailpit', 'api']) {
      expect(compose.services[name]!.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
  });

  it('starts processes from files that exist', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const part of service.command ?? []) {
        for (const file of part.match(/services\/src\/[\w/.-]+\.ts/g) ?? []) expect(existsSync(file), `${name}: ${file}`).toBe(true);
      }
    }
  });

  it('passes only configuration the app validates, with valid values', () => {
    const known = new Set([...Object.keys(configSchema.shape), 'SMTP_URL']);
    const env = compose.services.api!.environment!;
    for (const key of Object.keys(env)) expect(known.has(key), key).toBe(true);
    const resolved = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v).replace(/\$\{\w+:-([^}]*)\}/g, '$1')]));
    expect(configSchema.safeParse(resolved).success).toBe(true);
  });
});

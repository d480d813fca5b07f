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

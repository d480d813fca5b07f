import { describe, expect, it } from 'vitest';
import { rolesFromEnv, type Role } from './clusterRoles.ts';

const roles: Role[] = [
  { name: 'api', script: 'api.ts', color: 36 },
  { name: 'worker', script: 'worker.ts', color: 32 },
];

describe('rolesFromEnv', () => {
  it('runs one of each role when COMICSHOP_ROLES is unset', () => {
    expect(rolesFromEnv(roles, {}).map((r) => r.name)).toEqual(['api', 'worker']);
  });

  it('names several of a role api-1, api-2, each API process on its own port', () => {
    const out = rolesFromEnv(roles, { COMICSHOP_ROLES: 'api=2,worker=2', CLUSTER_API_PORTS: '3001 3002' });
    expect(out.map((r) => [r.name, r.env?.PORT])).toEqual([
      ['api-1', '3001'],
      ['api-2', '3002'],
      ['worker-1', undefined],
      ['worker-2', undefined],
    ]);
  });

  it('refuses an unknown role, a bad count, or too few API ports', () => {
    expect(() => rolesFromEnv(roles, { COMICSHOP_ROLES: 'cron=2' })).toThrow(/COMICSHOP_ROLES/);
    expect(() => rolesFromEnv(roles, { COMICSHOP_ROLES: 'api=two' })).toThrow(/COMICSHOP_ROLES/);
    expect(() => rolesFromEnv(roles, { COMICSHOP_ROLES: 'api=2', CLUSTER_API_PORTS: '3001' })).toThrow(/CLUSTER_API_PORTS/);
  });
});

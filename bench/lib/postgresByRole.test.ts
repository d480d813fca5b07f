import { describe, expect, it } from 'vitest';
import { cpuByRole, roleOfBackend, type BackendsCpu } from './postgresByRole.ts';

describe("PostgreSQL's CPU by the role each backend serves", () => {
  it("names a backend's role by its application_name, anything else as other", () => {
    expect(roleOfBackend('comicshop-api')).toBe('api');
    expect(roleOfBackend('comicshop-api-browse')).toBe('api browse');
    expect(roleOfBackend('comicshop-projector')).toBe('projector');
    expect(roleOfBackend('comicshop-worker')).toBe('worker');
    expect(roleOfBackend('psql')).toBe('other');
    expect(roleOfBackend('')).toBe('other');
  });

  it('adds up each role’s backends between two readings, a new backend from zero, an ended one not at all', () => {
    const before: BackendsCpu = {
      cpu: new Map([
        [1, 100],
        [2, 50],
        [3, 10],
        [9, 500],
      ]),
      roles: new Map([
        [1, 'api'],
        [2, 'api'],
        [3, 'worker'],
        [9, 'projector'],
      ]),
    };
    const after: BackendsCpu = {
      cpu: new Map([
        [1, 130],
        [2, 60],
        [3, 25],
        [4, 7],
      ]),
      roles: new Map([
        [1, 'api'],
        [2, 'api'],
        [3, 'worker'],
        [4, 'api browse'],
      ]),
    };
    expect(cpuByRole(before, after)).toEqual({ api: 40, 'api browse': 7, projector: 0, worker: 15, other: 0 });
  });
});

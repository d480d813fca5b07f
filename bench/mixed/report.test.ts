import { describe, expect, it } from 'vitest';
import { cpuPerRequest, medianFigures, postgresByRoleText, type Figures } from './report.ts';

const postgresByRole = { api: 30, 'api browse': 40, projector: 3, worker: 1, other: 0 };
const cpu = { machine: 190, api: 65, projector: 8, worker: 3, postgres: 74, postgresByRole, bench: 20, apiLoop: null };

describe('cpuPerRequest', () => {
  it('divides each process’s share of a core by the requests answered', () => {
    // 65% of a core over 1,300 requests a second: 0.65 s / 1,300 = 0.5 ms a request.
    const per = cpuPerRequest({ overall: 1300, checkouts: null, cpu })!;
    expect(per.api).toBeCloseTo(0.5, 6);
    expect(per.postgres).toBeCloseTo(74 / 130, 6);
    expect(per.shop).toBeCloseTo((65 + 8 + 3 + 74) / 130, 6);
  });

  it('says nothing beside checkouts, or with no requests', () => {
    const checkouts = { rate: 50, perSecond: 40, p50: 1, p99: 2, failed: 0, skipped: 0 };
    expect(cpuPerRequest({ overall: 1300, checkouts, cpu })).toBeNull();
    expect(cpuPerRequest({ overall: 0, checkouts: null, cpu })).toBeNull();
  });

  it('leaves out a process it has no figure for', () => {
    const per = cpuPerRequest({ overall: 1000, checkouts: null, cpu: { ...cpu, api: null } })!;
    expect(per.api).toBeNull();
    expect(per.shop).toBeNull();
    expect(per.postgres).toBeCloseTo(0.74, 6);
  });
});

describe('postgresByRoleText', () => {
  it("names each role's share, and others' only when they used any", () => {
    expect(postgresByRoleText(postgresByRole)).toBe('API 30, its browsing 40, projector 3, worker 1');
    expect(postgresByRoleText({ ...postgresByRole, other: 2.4 })).toBe('API 30, its browsing 40, projector 3, worker 1, others 2');
  });
});

describe('medianFigures', () => {
  const kinds = { perSecond: 100, p50: 10, p99: 40, errors: 0, non2xx: 0 };
  const run = (apiLoop: Figures['cpu']['apiLoop']): Figures => ({
    seconds: 20,
    overall: 300,
    errors: 0,
    non2xx: 0,
    skipped: 0,
    kinds: { browse: kinds, search: kinds, homepage: kinds },
    checkouts: null,
    cache: null,
    cpu: { ...cpu, apiLoop },
    emailBacklog: null,
    termsWaiting: null,
  });

  it("takes the API loop's time on a core and waiting for one each as its own median", () => {
    const runs = [run({ onCore: 70, waiting: 20 }), run({ onCore: 60, waiting: 40 }), run({ onCore: 65, waiting: 30 })];
    expect(medianFigures(runs).cpu.apiLoop).toEqual({ onCore: 65, waiting: 30 });
  });

  it('has no loop figure when a run has none', () => {
    expect(medianFigures([run({ onCore: 70, waiting: 20 }), run(null)]).cpu.apiLoop).toBeNull();
  });
});

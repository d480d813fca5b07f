import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../services/src/config/config.ts';
import { asServerAdmin, serverUrl } from '../../services/src/testing/testDatabase.ts';
import { postgresRoundTrips, redisRoundTrips, systemCallRate, type Rate } from './roundTrips.ts';

/** A rate's two figures agree: `connections` loops at once, each round trip taking microsEach. */
const consistent = (rate: Rate, connections: number) => {
  expect(rate.perSecond).toBeGreaterThan(0);
  expect(rate.microsEach * rate.perSecond).toBeCloseTo(connections * 1_000_000, -1);
};

describe("the machine's own round trips (bench:machine)", () => {
  it('times a system call', () => {
    consistent(systemCallRate(0.05), 1);
  });

  it('times PostgreSQL round trips on several connections at once and closes them', async () => {
    consistent(await postgresRoundTrips(serverUrl('postgres'), 3, 0.2), 3);
    const open = () =>
      asServerAdmin(async (c) => {
        const { rows } = await c.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where application_name = 'comicshop-bench-machine'`,
        );
        return rows[0]!.n;
      });
    await vi.waitFor(async () => expect(await open()).toBe(0), { timeout: 10_000, interval: 50 });
  });

  it('times Redis round trips on several connections at once', async () => {
    consistent(await redisRoundTrips(loadConfig().REDIS_URL, 2, 0.2), 2);
  });
});

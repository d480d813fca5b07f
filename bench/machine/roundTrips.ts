import { statSync } from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';

/** How many of something were done in a window, and what each cost on the clock. */
export interface Rate {
  perSecond: number;
  /** Microseconds each, one after another on one connection (or in one loop). */
  microsEach: number;
}

const rateOf = (count: number, ms: number): Rate => ({ perSecond: (count * 1000) / ms, microsEach: (ms * 1000) / count });

/** A system call that does almost nothing (`stat` of the root), repeated: what entering the kernel costs here. */
export function systemCallRate(seconds: number): Rate {
  const started = performance.now();
  const until = started + seconds * 1000;
  let count = 0;
  while (performance.now() < until) {
    for (let i = 0; i < 1000; i++) statSync('/');
    count += 1000;
  }
  return rateOf(count, performance.now() - started);
}

/** Connections opened and the statement prepared before the window is measured. */
const warmUpSeconds = (seconds: number) => Math.min(0.5, seconds / 4);

/** Runs `connections` loops at once, each awaiting `roundTrip` again as soon as it answers, for `seconds`. */
async function loops(connections: number, seconds: number, roundTrip: (connection: number) => Promise<unknown>): Promise<Rate> {
  const started = performance.now();
  const until = started + seconds * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      while (performance.now() < until) {
        await roundTrip(connection);
        count++;
      }
    }),
  );
  const rate = rateOf(count, performance.now() - started);
  return { perSecond: rate.perSecond, microsEach: rate.microsEach * connections };
}

/**
 * PostgreSQL's cheapest statement (`select 1`, prepared) on `connections` connections at once: each
 * round trip is a write that wakes a backend and an answer that wakes this process, as every
 * statement of the shop's is besides its own work.
 */
export async function postgresRoundTrips(url: string, connections: number, seconds: number): Promise<Rate> {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: url, application_name: 'comicshop-bench-machine' });
      await client.connect();
      return client;
    }),
  );
  try {
    const ask = (i: number) => clients[i]!.query({ name: 'machine-select-1', text: 'select 1' });
    await loops(connections, warmUpSeconds(seconds), ask);
    return await loops(connections, seconds, ask);
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

/** Redis's cheapest command (`PING`) on `connections` connections at once, as the queues' and caches' round trips. */
export async function redisRoundTrips(url: string, connections: number, seconds: number): Promise<Rate> {
  const clients = Array.from({ length: connections }, () => new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 }));
  await Promise.all(clients.map((c) => c.connect()));
  try {
    const ask = (i: number) => clients[i]!.ping();
    await loops(connections, warmUpSeconds(seconds), ask);
    return await loops(connections, seconds, ask);
  } finally {
    clients.forEach((c) => c.disconnect());
  }
}

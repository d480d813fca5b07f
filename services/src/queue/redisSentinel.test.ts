import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { pollUntil } from '../testing/fixtures.ts';
import { freePort, PrivateRedis, PrivateSentinel } from '../testing/privateRedis.ts';
import { openQueues, type Queues } from './queues.ts';
import { redisTarget } from './redisTarget.ts';

const NAME = 'comicshop';
let primary: PrivateRedis;
let replica: PrivateRedis;
let sentinel: PrivateSentinel;
let queues: Queues;

/** Polls `probe` (a refused connection while Redis fails over counts as not yet) until it holds. */
const until = (what: string, probe: () => Promise<boolean>) => pollUntil(what, () => probe().catch(() => false));

async function role(port: number): Promise<string> {
  const client = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    return ((await client.call('ROLE')) as [string])[0];
  } finally {
    client.disconnect();
  }
}

/** The port of the server the shop's connection is talking to now. */
async function connectedPort(): Promise<number> {
  const [, port] = (await queues.connection.call('CONFIG', 'GET', 'port')) as [string, string];
  return Number(port);
}

beforeAll(async () => {
  const [primaryPort, replicaPort, sentinelPort] = [await freePort(), await freePort(), await freePort()];
  primary = new PrivateRedis(primaryPort);
  replica = new PrivateRedis(replicaPort, ['--replicaof', '127.0.0.1', String(primaryPort)]);
  sentinel = new PrivateSentinel(sentinelPort, NAME, primaryPort);
  await primary.start();
  await replica.start();
  await sentinel.start();
  // The Sentinel finds the replica through the primary's INFO; a failover needs it known.
  const sentinelClient = new Redis(sentinelPort, '127.0.0.1');
  try {
    await until('the sentinel seeing the replica', async () => {
      const replicas = (await sentinelClient.call('SENTINEL', 'REPLICAS', NAME)) as string[][];
      return replicas.some((fields) => fields.includes(String(replicaPort)) && fields.includes('slave'));
    });
  } finally {
    sentinelClient.disconnect();
  }
  const config = loadConfig({ REDIS_SENTINELS: `127.0.0.1:${sentinelPort}`, REDIS_SENTINEL_NAME: NAME });
  queues = openQueues(redisTarget(config), 'sentineltest');
});

afterAll(async () => {
  await queues?.close();
  await sentinel?.stop();
  await replica?.stop();
  await primary?.stop();
});

it('reaches the primary through Sentinel, and follows a failover keeping the jobs the replica had', async () => {
  await queues.queue('email').add('before', { n: 1 });
  // Replication is asynchronous: a job the replica had not yet received is lost with the primary
  // (the reactors queue it again from the log). Wait until the replica has this one.
  expect(await queues.connection.call('WAIT', 1, 10_000)).toBe(1);
  expect(await connectedPort()).toBe(primary.port);

  await primary.stop();
  // The Sentinel promotes the replica; the client follows and writes there.
  await until('the replica promoted', async () => (await role(replica.port)) === 'master');
  await until('a job queued after the failover', async () => Boolean(await queues.queue('email').add('after', { n: 2 })));

  expect(await connectedPort()).toBe(replica.port);
  const jobs = await queues.queue('email').getJobs(['waiting']);
  const names = jobs.map((job) => job.name).sort();
  expect(names).toEqual(['after', 'before']);
});

it('reads the Sentinel list from the configuration, and refuses a malformed one', () => {
  expect(redisTarget(loadConfig({ REDIS_SENTINELS: 'a:26379, b:26380', REDIS_SENTINEL_NAME: 'shop' }))).toEqual({
    url: 'redis://127.0.0.1:6379',
    sentinels: [
      { host: 'a', port: 26379 },
      { host: 'b', port: 26380 },
    ],
    sentinelName: 'shop',
  });
  expect(() => loadConfig({ REDIS_SENTINELS: 'not a list' })).toThrow(/REDIS_SENTINELS/);
});

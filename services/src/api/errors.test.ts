import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asServerAdmin, serverUrl } from '../testing/testDatabase.ts';
import { BUSY_MESSAGE, registerErrorHandling } from './errors.ts';

/** A role PostgreSQL lets hold no connection at all: every connect fails as "too many connections" (53300). */
const FULL_ROLE = 'shop_errors_test_full';

function fullDatabaseUrl(): string {
  const url = new URL(serverUrl('postgres'));
  url.username = FULL_ROLE;
  return url.toString();
}

describe('registerErrorHandling', () => {
  let pool: pg.Pool;
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/reads-the-database', async () => (await pool.query('select 1 as one')).rows[0]);
  app.get('/has-a-bug', async () => {
    throw new TypeError('cannot read properties of undefined');
  });

  beforeAll(async () => {
    await asServerAdmin((c) =>
      c.query(`do $$ begin
         if not exists (select from pg_roles where rolname = '${FULL_ROLE}') then create role ${FULL_ROLE} login connection limit 0;
         end if;
       end $$`),
    );
    pool = new pg.Pool({ connectionString: fullDatabaseUrl(), max: 1 });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  it('answers 503 with a message to try again, and Retry-After, when PostgreSQL has no connection to spare', async () => {
    const res = await app.inject({ method: 'GET', url: '/reads-the-database' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ message: BUSY_MESSAGE });
  });

  it('still answers 500 for a bug', async () => {
    const res = await app.inject({ method: 'GET', url: '/has-a-bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. It has been logged.' });
  });
});

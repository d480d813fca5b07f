/** Helpers for the admin call tests (not a test file itself). */
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { registerAccount } from '../../../accounts/users.ts';
import { signAccessToken } from '../../../auth/tokens.ts';
import { testMetadata } from '../../../testing/fixtures.ts';
import type { TestApp } from '../../../testing/testApp.ts';

export interface Accounts {
  admin: { userId: string; token: string; email: string };
  customer: { userId: string; token: string; email: string };
}

export async function createAccounts(t: TestApp): Promise<Accounts> {
  const make = async (admin: boolean, givenName: string) => {
    const email = `${givenName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
    const { userId } = await registerAccount(
      t.ctx,
      { email, givenName, familyName: 'Tester', passwordHash: '$argon2id$not-a-real-hash', admin },
      testMetadata(),
    );
    return { userId, email, token: signAccessToken(t.ctx.config.JWT_SECRET, { sub: userId, email }) };
  };
  return { admin: await make(true, 'Ada'), customer: await make(false, 'Cus') };
}

export interface CallOptions {
  token?: string | null;
  payload?: unknown;
  headers?: Record<string, string>;
}

export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return t.app.inject({ method, url, headers, payload: options.payload as never });
}

/**
 * Events in the whole log, committed or not yet visible to subscribers (countAfter counts only what
 * is below the oldest open transaction): an unchanged count proves a refused call changed nothing.
 */
export async function eventCount(t: TestApp): Promise<number> {
  const { rows } = await t.ctx.pool.query<{ n: string }>('select count(*) as n from events');
  return Number(rows[0]!.n);
}

/** A refused call: the status, a message matching `message`, and no new events. */
export async function expectRefused(
  t: TestApp,
  token: string | null,
  request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown },
  status: number,
  message: RegExp,
): Promise<void> {
  const before = await eventCount(t);
  const res = await call(t, request.method, request.url, { token, payload: request.payload });
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  const said = (res.json() as { message?: string }).message ?? '';
  if (!message.test(said)) throw new Error(`expected a message matching ${message}, got "${said}"`);
  const after = await eventCount(t);
  if (after !== before) throw new Error(`a refused call appended ${after - before} events`);
}

/** A multipart/form-data body (built with the platform's FormData) and its content type. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { field?: string; name: string; type: string; data: Buffer | string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      file.field ?? 'file',
      new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type }),
      file.name,
    );
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

export async function upload(
  t: TestApp,
  url: string,
  token: string | null,
  fields: Record<string, string>,
  file?: { field?: string; name: string; type: string; data: Buffer | string },
) {
  const body = await multipartBody(fields, file);
  return call(t, 'POST', url, { token, payload: body.payload, headers: body.headers });
}

/**
 * t.settle() counts only events below the oldest open transaction (what subscribers may read), so
 * while a projector's own transaction is open a just-committed event is not counted yet and
 * settle() can return before it is projected. This first waits until every committed event is
 * visible to subscribers, then settles.
 */
export async function settled(t: TestApp): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const all = await eventCount(t);
    if ((await t.ctx.store.countAfter(null)) >= all) break;
    if (Date.now() > deadline) throw new Error('events did not become visible to subscribers in 20 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  await t.settle();
}

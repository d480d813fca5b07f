import { randomUUID } from 'node:crypto';
import type { LoadClient } from './http.ts';
import type { RequestMix, Shopper } from './requestMix.ts';
import type { BrowsingRecorder } from './stats.ts';
import { createPrng, type Prng } from './zipf.ts';

/** Sign-ups allowed per IP address a minute (ACCOUNT_RATE_LIMITS.signUp is 10). */
const SIGN_UPS_PER_ADDRESS = 9;

/**
 * Signs up `count` customers through POST /api/sign-up-user, as shoppers do, and answers their
 * access tokens (`authorisationKey`). Sign-up is rate limited per IP address, so each batch of
 * customers connects from its own loopback address (127.0.0.2, 127.0.0.3, ...).
 */
export async function signUpCustomers(client: LoadClient, count: number, runId: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const password = 'bench-mixed-password';
    const answer = await client.json('POST', '/sign-up-user', {
      localAddress: `127.0.0.${2 + Math.floor(i / SIGN_UPS_PER_ADDRESS)}`,
      body: {
        givenName: 'Bench',
        familyName: `Shopper ${i}`,
        email: `shopper-${runId}-${i}@example.com`,
        password,
        passwordConfirm: password,
      },
    });
    const token = (answer.data as { authorisationKey?: unknown } | null)?.authorisationKey;
    if (answer.status !== 201 || typeof token !== 'string') {
      throw new Error(
        `sign-up of customer ${i} answered ${answer.status}${answer.error ? ` (${answer.error})` : ''}: ${answer.body?.slice(0, 200) ?? ''}`,
      );
    }
    tokens.push(token);
  }
  return tokens;
}

/**
 * The browsing shoppers: `connections` loops, each sending one request after another on a kept-alive
 * connection. Even-numbered connections carry signed-in customers, odd ones guests, so about half of
 * the searches go each way. A connection is a run of visitors: after a visit (on average
 * `visitRequests` requests) the next visitor comes, a guest with a new temp token or another customer;
 * a visitor's searches are recorded on their order, which a real visit keeps short.
 */
export class BrowsingShoppers {
  private stopping = false;
  private loops: Promise<void>[] = [];
  /** First pages of searches answered 200: each term the shop must record on the shopper's order. */
  termsToRecord = 0;

  constructor(
    private readonly client: LoadClient,
    private readonly mix: RequestMix,
    private readonly recorder: BrowsingRecorder,
    private readonly customers: readonly string[],
    private readonly connections: number,
    private readonly visitRequests = 20,
  ) {}

  start(): void {
    this.loops = Array.from({ length: this.connections }, (_, i) => this.loop(i));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops);
  }

  /**
   * The next visitor of connection i. Customer connections share no customer (connection 2k takes
   * customers k, k + n, k + 2n, ... of n customer connections), so no two connections record searches
   * on one order at once, which the shop would only see from a customer with two tabs.
   */
  private visitor(i: number, random: Prng): Shopper {
    const customerConnections = Math.ceil(this.connections / 2);
    const own = this.customers.filter((_, c) => c % customerConnections === i / 2);
    return i % 2 === 0 && own.length > 0
      ? { kind: 'customer', token: random.pick(own) }
      : { kind: 'guest', tempAuthorisation: randomUUID() };
  }

  private async loop(i: number): Promise<void> {
    const random = createPrng(`bench:mixed connection ${i}`);
    let shopper = this.visitor(i, random);
    while (!this.stopping) {
      if (random.chance(1 / this.visitRequests)) shopper = this.visitor(i, random);
      const request = this.mix.next(random, shopper);
      const sent = await this.client.send(request.method, request.path, { body: request.body, headers: request.headers });
      this.recorder.record(request.kind, sent);
      if (request.recordsTerm && sent.status === 200) this.termsToRecord++;
      // A refused connection answers at once: do not spin on it.
      if (sent.status === 0) await new Promise((r) => setTimeout(r, 10));
    }
  }
}

import { randomUUID } from 'node:crypto';
import type { LoadClient } from './http.ts';
import type { RequestMix, Shopper } from './requestMix.ts';
import { OpenLoopLoad } from './openLoop.ts';
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

/** One visitor at a time on one connection: its random choices and who is visiting now. */
interface Visitor {
  readonly i: number;
  readonly random: Prng;
  shopper: Shopper;
  /** Has a request in flight (open loop: an arrival goes to a visitor without one). */
  busy: boolean;
}

/**
 * The browsing shoppers: `connections` visitor slots, each sending one request at a time on a
 * kept-alive connection. Even-numbered slots carry signed-in customers, odd ones guests, so about
 * half of the searches go each way. A slot is a run of visitors: after a visit (on average
 * `visitRequests` requests) the next visitor comes, a guest with a new temp token or another
 * customer; a visitor's searches are recorded on their order, which a real visit keeps short.
 *
 * Closed loop (`rate` 0): each slot sends its next request as soon as the last is answered, so the
 * load is as much as the shop can answer. Open loop (`rate` > 0): requests arrive at that rate
 * whether or not earlier ones were answered, as shoppers do, each sent by a slot without one in
 * flight; an arrival that finds every slot waiting is not sent, and counted.
 */
export class BrowsingShoppers extends OpenLoopLoad {
  private closing = false;
  private loops: Promise<void>[] = [];
  private readonly visitors: Visitor[];
  private next = 0;
  /** First pages of searches answered 200: each term the shop must record on the shopper's order. */
  termsToRecord = 0;

  constructor(
    private readonly client: LoadClient,
    private readonly mix: RequestMix,
    private readonly recorder: BrowsingRecorder,
    private readonly customers: readonly string[],
    connections: number,
    rate = 0,
    private readonly visitRequests = 20,
  ) {
    super(rate);
    this.visitors = Array.from({ length: connections }, (_, i) => {
      const random = createPrng(`bench:mixed connection ${i}`);
      return { i, random, shopper: this.visitor(i, connections, random), busy: false };
    });
  }

  override start(): void {
    if (this.rate > 0) super.start();
    else this.loops = this.visitors.map((v) => this.loop(v));
  }

  override async stop(): Promise<void> {
    this.closing = true;
    await Promise.all([super.stop(), ...this.loops]);
  }

  /** An arrival (open loop): the next slot without a request in flight sends it. */
  protected due(): void {
    for (let tried = 0; tried < this.visitors.length; tried++) {
      const visitor = this.visitors[this.next]!;
      this.next = (this.next + 1) % this.visitors.length;
      if (visitor.busy) continue;
      visitor.busy = true;
      this.track(this.visit(visitor).then(() => void (visitor.busy = false)));
      return;
    }
    this.recorder.skip();
  }

  /**
   * The next visitor of slot i. Customer slots share no customer (slot 2k takes customers k, k + n,
   * k + 2n, ... of n customer slots), so no two slots record searches on one order at once, which
   * the shop would only see from a customer with two tabs.
   */
  private visitor(i: number, connections: number, random: Prng): Shopper {
    const customerConnections = Math.ceil(connections / 2);
    const own = this.customers.filter((_, c) => c % customerConnections === i / 2);
    return i % 2 === 0 && own.length > 0
      ? { kind: 'customer', token: random.pick(own) }
      : { kind: 'guest', tempAuthorisation: randomUUID() };
  }

  /** One request of the slot's visitor (a new visitor first, now and then); its status. */
  private async visit(v: Visitor): Promise<number> {
    if (v.random.chance(1 / this.visitRequests)) v.shopper = this.visitor(v.i, this.visitors.length, v.random);
    const request = this.mix.next(v.random, v.shopper);
    const sent = await this.client.send(request.method, request.path, { body: request.body, headers: request.headers });
    this.recorder.record(request.kind, sent);
    if (request.recordsTerm && sent.status === 200) this.termsToRecord++;
    return sent.status;
  }

  private async loop(v: Visitor): Promise<void> {
    while (!this.closing) {
      // A refused connection answers at once: do not spin on it.
      if ((await this.visit(v)) === 0) await new Promise((r) => setTimeout(r, 10));
    }
  }
}

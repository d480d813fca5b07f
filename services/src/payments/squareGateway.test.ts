import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSquareSimulator } from '../simulators/square/squareSimulator.ts';
import { SquareGateway } from './squareGateway.ts';

const simulator = buildSquareSimulator({ accessToken: 'sim-token' });
let gateway: SquareGateway;
beforeAll(async () => {
  const address = await simulator.listen({ port: 0, host: '127.0.0.1' });
  gateway = new SquareGateway({ accessToken: 'sim-token', locationId: 'LOC1', environment: address });
});
afterAll(() => simulator.close());

const charge = (sourceId: string, idempotencyKey: string, amountCents = 1234) =>
  gateway.charge({ sourceId, idempotencyKey, amountCents, referenceId: 'order-1' });

describe('Square gateway against the sandbox simulator', () => {
  it('charges a good card once, even when the request is repeated', async () => {
    const first = await charge('cnon:card-nonce-ok', 'key-1');
    const again = await charge('cnon:card-nonce-ok', 'key-1');
    expect(first).toMatchObject({ ok: true, amountCents: 1234 });
    expect(again).toEqual(first);
    expect(simulator.payments.filter((p) => p.status === 'COMPLETED')).toHaveLength(1);
    expect(simulator.payments[0]!.amount_money).toEqual({ amount: 1234, currency: 'AUD' });
  });

  it('answers the documented error nonces with a message a shopper understands', async () => {
    expect(await charge('cnon:card-nonce-declined', 'key-2')).toMatchObject({
      ok: false,
      code: 'CARD_DECLINED',
      message: expect.stringMatching(/declined/),
    });
    expect(await charge('cnon:card-nonce-rejected-cvv', 'key-3')).toMatchObject({ ok: false, code: 'CVV_FAILURE' });
    expect(await charge('cnon:card-nonce-rejected-postalcode', 'key-4')).toMatchObject({ ok: false, code: 'ADDRESS_VERIFICATION_FAILURE' });
    expect(await charge('not-a-nonce', 'key-5')).toMatchObject({ ok: false, code: 'INVALID_CARD_DATA' });
  });

  it('refuses an idempotency key reused for a different charge', async () => {
    await charge('cnon:card-nonce-ok', 'key-6', 100);
    expect(await charge('cnon:card-nonce-ok', 'key-6', 200)).toMatchObject({ ok: false, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('refunds a payment', async () => {
    const result = await charge('cnon:card-nonce-ok', 'key-7', 500);
    if (!result.ok) throw new Error('charge failed');
    await gateway.refund(result.paymentId, 500, 'refund-7');
    expect(simulator.payments.find((p) => p.id === result.paymentId)?.refunded_money).toEqual({ amount: 500, currency: 'AUD' });
  });
});

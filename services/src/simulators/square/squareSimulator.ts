import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A local stand-in for Square's Payments API (v2), honouring the sandbox's documented test nonces,
 * so the real `square` SDK adapter runs unchanged in development and tests.
 * https://developer.squareup.com/docs/devtools/sandbox/payments
 */
export const SANDBOX_NONCES: Record<string, { code: string; detail: string } | null> = {
  'cnon:card-nonce-ok': null,
  'cnon:card-nonce-declined': { code: 'CARD_DECLINED', detail: "Authorization error: 'GENERIC_DECLINE'" },
  'cnon:card-nonce-rejected-cvv': { code: 'CVV_FAILURE', detail: "Authorization error: 'CVV_FAILURE'" },
  'cnon:card-nonce-rejected-postalcode': {
    code: 'ADDRESS_VERIFICATION_FAILURE',
    detail: "Authorization error: 'ADDRESS_VERIFICATION_FAILURE'",
  },
  'cnon:card-nonce-rejected-expiration': { code: 'INVALID_EXPIRATION', detail: "Authorization error: 'INVALID_EXPIRATION'" },
  'cnon:card-nonce-already-used': { code: 'CARD_TOKEN_USED', detail: 'Card nonce already used; please request new nonce.' },
  'cnon:card-nonce-insufficient-funds': { code: 'INSUFFICIENT_FUNDS', detail: "Authorization error: 'INSUFFICIENT_FUNDS'" },
};

interface Money {
  amount: number;
  currency: string;
}

export interface SimulatedPayment {
  id: string;
  status: 'COMPLETED' | 'FAILED';
  amount_money: Money;
  source_type: 'CARD';
  location_id: string;
  reference_id?: string;
  note?: string;
  created_at: string;
  card_details: { status: 'CAPTURED' | 'FAILED'; card: { card_brand: string; last_4: string } };
  refunded_money?: Money;
}

interface PaymentRequestBody {
  source_id?: string;
  idempotency_key?: string;
  amount_money?: { amount?: number | string; currency?: string };
  location_id?: string;
  reference_id?: string;
  note?: string;
  verification_token?: string;
}

const error = (category: string, code: string, detail: string, field?: string) => ({
  errors: [{ category, code, detail, ...(field ? { field } : {}) }],
});

export function buildSquareSimulator(options: { accessToken?: string } = {}): FastifyInstance & { payments: SimulatedPayment[] } {
  const app = Fastify({ logger: false }) as unknown as FastifyInstance & { payments: SimulatedPayment[] };
  const payments: SimulatedPayment[] = [];
  const byKey = new Map<string, { body: string; status: number; response: unknown }>();
  app.payments = payments;

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/__simulator')) return;
    const auth = request.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || (options.accessToken && auth !== `Bearer ${options.accessToken}`)) {
      return reply.status(401).send(error('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.'));
    }
  });

  app.post('/v2/payments', async (request, reply) => {
    const body = (request.body ?? {}) as PaymentRequestBody;
    if (!body.idempotency_key)
      return reply.status(400).send(error('INVALID_REQUEST_ERROR', 'MISSING_REQUIRED_PARAMETER', 'Field must be set', 'idempotency_key'));
    if (!body.source_id)
      return reply.status(400).send(error('INVALID_REQUEST_ERROR', 'MISSING_REQUIRED_PARAMETER', 'Field must be set', 'source_id'));
    const amount = Number(body.amount_money?.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      return reply
        .status(400)
        .send(error('INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'Amount must be a positive integer', 'amount_money.amount'));
    }
    const fingerprint = JSON.stringify([body.source_id, amount, body.amount_money?.currency, body.location_id]);
    const previous = byKey.get(body.idempotency_key);
    if (previous) {
      if (previous.body !== fingerprint) {
        return reply
          .status(400)
          .send(error('INVALID_REQUEST_ERROR', 'IDEMPOTENCY_KEY_REUSED', 'The idempotency key was used with different parameters.'));
      }
      return reply.status(previous.status).send(previous.response);
    }
    const nonce = body.source_id;
    const failure = nonce in SANDBOX_NONCES ? SANDBOX_NONCES[nonce] : { code: 'INVALID_CARD_DATA', detail: 'Invalid card data.' };
    const payment: SimulatedPayment = {
      id: randomUUID().replaceAll('-', '').slice(0, 24).toUpperCase(),
      status: failure ? 'FAILED' : 'COMPLETED',
      amount_money: { amount, currency: body.amount_money?.currency ?? 'AUD' },
      source_type: 'CARD',
      location_id: body.location_id ?? 'SIMULATED_LOCATION',
      reference_id: body.reference_id,
      note: body.note,
      created_at: new Date().toISOString(),
      card_details: { status: failure ? 'FAILED' : 'CAPTURED', card: { card_brand: 'VISA', last_4: '1111' } },
    };
    payments.push(payment);
    const status = failure ? 400 : 200;
    const response = failure ? { ...error('PAYMENT_METHOD_ERROR', failure.code, failure.detail), payment } : { payment };
    byKey.set(body.idempotency_key, { body: fingerprint, status, response });
    return reply.status(status).send(response);
  });

  app.get('/v2/payments/:id', async (request, reply) => {
    const payment = payments.find((p) => p.id === (request.params as { id: string }).id);
    if (!payment) return reply.status(404).send(error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Could not find payment.'));
    return { payment };
  });

  app.post('/v2/refunds', async (request, reply) => {
    const body = (request.body ?? {}) as { payment_id?: string; idempotency_key?: string; amount_money?: { amount?: number } };
    const payment = payments.find((p) => p.id === body.payment_id);
    if (!payment || payment.status !== 'COMPLETED') {
      return reply.status(404).send(error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Could not find a completed payment to refund.'));
    }
    const amount = Number(body.amount_money?.amount ?? payment.amount_money.amount);
    payment.refunded_money = { amount: (payment.refunded_money?.amount ?? 0) + amount, currency: payment.amount_money.currency };
    return {
      refund: {
        id: randomUUID(),
        status: 'COMPLETED',
        payment_id: payment.id,
        amount_money: { amount, currency: payment.amount_money.currency },
      },
    };
  });

  // For tests and the developer: what the "bank" saw.
  app.get('/__simulator/payments', async () => ({ payments }));
  app.delete('/__simulator/payments', async () => {
    payments.length = 0;
    byKey.clear();
    return { ok: true };
  });
  return app;
}

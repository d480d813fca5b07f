import { SquareClient, SquareEnvironment, SquareError } from 'square';
import { keptAliveFetch } from './keptAliveFetch.ts';
import { paymentErrorMessage, type ChargeRequest, type ChargeResult, type PaymentGateway } from './paymentGateway.ts';

export interface SquareGatewayOptions {
  accessToken: string;
  locationId: string;
  /** 'sandbox', 'production', or a base URL (the local simulator). */
  environment: string;
}

/** Card payments through Square's Payments API with the official SDK. */
export class SquareGateway implements PaymentGateway {
  readonly name: string;
  private readonly client: SquareClient;

  constructor(private readonly options: SquareGatewayOptions) {
    const environment =
      options.environment === 'production'
        ? SquareEnvironment.Production
        : options.environment === 'sandbox'
          ? SquareEnvironment.Sandbox
          : options.environment;
    this.name = `square (${options.environment})`;
    this.client = new SquareClient({
      token: options.accessToken,
      environment,
      timeoutInSeconds: 30,
      maxRetries: 2,
      fetch: keptAliveFetch(),
    });
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    try {
      const { payment } = await this.client.payments.create({
        sourceId: request.sourceId,
        idempotencyKey: request.idempotencyKey,
        amountMoney: { amount: BigInt(request.amountCents), currency: 'AUD' },
        locationId: this.options.locationId,
        autocomplete: true,
        referenceId: request.referenceId,
        ...(request.verificationToken ? { verificationToken: request.verificationToken } : {}),
        ...(request.note ? { note: request.note.slice(0, 500) } : {}),
      });
      if (!payment?.id || payment.status !== 'COMPLETED') {
        return { ok: false, code: 'NOT_COMPLETED', message: paymentErrorMessage('NOT_COMPLETED') };
      }
      return { ok: true, paymentId: payment.id, amountCents: Number(payment.amountMoney?.amount ?? request.amountCents) };
    } catch (e) {
      if (e instanceof SquareError && e.statusCode !== undefined && e.statusCode < 500 && e.statusCode !== 401) {
        const code = e.errors[0]?.code ?? 'UNKNOWN';
        return { ok: false, code, message: paymentErrorMessage(code) };
      }
      throw e;
    }
  }

  async refund(paymentId: string, amountCents: number, idempotencyKey: string): Promise<void> {
    await this.client.refunds.refundPayment({
      idempotencyKey,
      paymentId,
      amountMoney: { amount: BigInt(amountCents), currency: 'AUD' },
      reason: 'Order could not be completed',
    });
  }
}

import type { Config } from '../config/config.ts';
import type { PaymentGateway } from '../payments/paymentGateway.ts';
import { SquareGateway } from '../payments/squareGateway.ts';

/**
 * The gateway the configuration chooses: Square's Payments API (SQUARE_ENVIRONMENT sandbox or
 * production) when SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID are set, else the local simulator of
 * it at SQUARE_SIMULATOR_URL. Both go through the same Square SDK adapter.
 */
export function gatewayFromConfig(config: Config): PaymentGateway {
  const accessToken = config.SQUARE_ACCESS_TOKEN?.trim();
  const locationId = config.SQUARE_LOCATION_ID?.trim();
  if (accessToken && locationId) {
    return new SquareGateway({ accessToken, locationId, environment: config.SQUARE_ENVIRONMENT });
  }
  return new SquareGateway({ accessToken: 'simulator', locationId: 'SIMULATED_LOCATION', environment: config.SQUARE_SIMULATOR_URL });
}

const gateways = new WeakMap<Config, PaymentGateway>();

/** The payment gateway of a process: one per config object, made on first use. */
export function paymentGatewayFor(config: Config): PaymentGateway {
  let gateway = gateways.get(config);
  if (!gateway) {
    gateway = gatewayFromConfig(config);
    gateways.set(config, gateway);
  }
  return gateway;
}

/** For tests and tools: use this gateway for everything built on this config object. */
export function setPaymentGatewayFor(config: Config, gateway: PaymentGateway): void {
  gateways.set(config, gateway);
}

import type { Config } from '../config/config.ts';
import type { PaymentGateway } from './paymentGateway.ts';
import { SquareGateway } from './squareGateway.ts';

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

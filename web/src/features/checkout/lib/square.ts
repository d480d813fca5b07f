/** Square Web Payments SDK: loading, configuration checks and the test stand-in. */

export const SQUARE_PRODUCTION_URL = 'https://web.squarecdn.com/v1/square.js';
export const SQUARE_SANDBOX_URL = 'https://sandbox.web.squarecdn.com/v1/square.js';

export const INVALID_APPLICATION_ID = 'The Payment applicationId option is not in the correct format.';
export const SDK_FAILED_TO_LOAD = 'The payment SDK failed to load.';
export const MISSING_IDS = 'Card payments are not set up on this site. Please contact a developer.';

/** Production ids start 'sq0idp-', sandbox ids 'sandbox-sq0idb-'; anything else is an error. */
export function squareScriptUrl(applicationId: string): string {
  if (applicationId.startsWith('sq0idp-')) return SQUARE_PRODUCTION_URL;
  if (applicationId.startsWith('sandbox-sq0idb-')) return SQUARE_SANDBOX_URL;
  throw new Error(INVALID_APPLICATION_ID);
}

export interface SquareConfig {
  applicationId: string;
  locationId: string;
}

/** Square is used when both ids are set at build time; otherwise the test card form. */
export function squareConfig(env: { VITE_SQUARE_APPLICATION_ID?: string; VITE_SQUARE_LOCATION_ID?: string }): SquareConfig | null {
  const applicationId = env.VITE_SQUARE_APPLICATION_ID?.trim();
  const locationId = env.VITE_SQUARE_LOCATION_ID?.trim();
  if (!applicationId && !locationId) return null;
  return { applicationId: applicationId ?? '', locationId: locationId ?? '' };
}

/** Square's documented sandbox test nonces, by the test card number that stands for them. */
export const TEST_CARDS: ReadonlyArray<{ number: string; nonce: string; label: string }> = [
  { number: '4111 1111 1111 1111', nonce: 'cnon:card-nonce-ok', label: 'Payment succeeds' },
  { number: '4000 0000 0000 0002', nonce: 'cnon:card-nonce-declined', label: 'Card is declined' },
];

export function testCardNonce(cardNumber: string): string | null {
  const digits = cardNumber.replace(/\D/g, '');
  const card = TEST_CARDS.find((c) => c.number.replace(/\D/g, '') === digits);
  return card ? card.nonce : null;
}

export function tokenizationFailedMessage(status: string): string {
  return `Tokenization failed with status: ${status}`;
}

/* Minimal typings of the parts of the SDK we use. */
export interface SquareTokenResult {
  status: string;
  token?: string;
  errors?: Array<{ message?: string }>;
}
export interface SquareCard {
  attach(selector: string | HTMLElement): Promise<void>;
  tokenize(): Promise<SquareTokenResult>;
  destroy(): Promise<boolean | void>;
}
export interface SquareVerificationDetails {
  amount: string;
  billingContact: {
    givenName?: string;
    familyName?: string;
    email?: string;
    addressLines?: string[];
    city?: string;
    state?: string;
    postalCode?: string;
    countryCode: string;
  };
  currencyCode: string;
  intent: 'CHARGE';
}
export interface SquarePayments {
  card(): Promise<SquareCard>;
  verifyBuyer(token: string, details: SquareVerificationDetails): Promise<{ token?: string } | null>;
}
export interface SquareGlobal {
  payments(applicationId: string, locationId: string): SquarePayments;
}

declare global {
  interface Window {
    Square?: SquareGlobal;
  }
}

const loading = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      reject(new Error(SDK_FAILED_TO_LOAD));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}

/** Loads the SDK for the configured ids and returns the payments object. */
export async function loadSquarePayments(config: SquareConfig): Promise<SquarePayments> {
  if (!config.applicationId || !config.locationId) throw new Error(MISSING_IDS);
  const url = squareScriptUrl(config.applicationId);
  try {
    await loadScript(url);
  } catch {
    throw new Error(SDK_FAILED_TO_LOAD);
  }
  if (!window.Square) throw new Error(SDK_FAILED_TO_LOAD);
  return window.Square.payments(config.applicationId, config.locationId);
}

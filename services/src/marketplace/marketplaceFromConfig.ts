import type { Config } from '../config/config.ts';
import { EbayMarketplace, type EbayMarketplaceOptions } from './ebayMarketplace.ts';
import type { Marketplace } from './marketplace.ts';

/** The eBay adapter's options from the configuration (EBAY_*); the simulator's defaults locally. */
export function ebayOptionsFromConfig(config: Config, overrides: Partial<EbayMarketplaceOptions> = {}): EbayMarketplaceOptions {
  return {
    apiBase: config.EBAY_API_BASE,
    authBase: config.EBAY_AUTH_BASE,
    clientId: config.EBAY_CLIENT_ID,
    clientSecret: config.EBAY_CLIENT_SECRET,
    refreshToken: config.EBAY_REFRESH_TOKEN,
    marketplaceId: 'EBAY_AU',
    policies: {
      fulfillmentPolicyId: config.EBAY_FULFILLMENT_POLICY_ID,
      paymentPolicyId: config.EBAY_PAYMENT_POLICY_ID,
      returnPolicyId: config.EBAY_RETURN_POLICY_ID,
    },
    merchantLocationKey: config.EBAY_MERCHANT_LOCATION_KEY,
    ...(config.EBAY_CATEGORY_ID ? { categoryId: config.EBAY_CATEGORY_ID } : {}),
    ...overrides,
  };
}

/** The marketplace adapter the configuration chooses (one per process, so its access token is shared). */
export function marketplaceFromConfig(config: Config): Marketplace {
  return new EbayMarketplace(ebayOptionsFromConfig(config));
}

import type { Config } from '../config/config.ts';
import { EbayMarketplace, type EbayMarketplaceOptions } from '../marketplace/ebayMarketplace.ts';
import type { Marketplace } from '../marketplace/marketplace.ts';

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

const marketplaces = new WeakMap<Config, Marketplace>();

/** The marketplace of a process (one adapter per config object, so its access token is shared). */
export function marketplaceFor(config: Config): Marketplace {
  let marketplace = marketplaces.get(config);
  if (!marketplace) {
    marketplace = new EbayMarketplace(ebayOptionsFromConfig(config));
    marketplaces.set(config, marketplace);
  }
  return marketplace;
}

/** For tests and tools: use this marketplace for everything built on this config object. */
export function setMarketplaceFor(config: Config, marketplace: Marketplace): void {
  marketplaces.set(config, marketplace);
}

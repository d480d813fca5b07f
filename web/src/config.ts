/** The shop's display name: headings and the document title start with it. */
export const SHOP_NAME: string = import.meta.env?.VITE_SHOP_NAME || 'Comic Shop';

export const TAGLINE = 'Shipping to all of Australia';

/** Stale time of the catalogue: browsing never refetches what the cache holds. */
export const CATALOGUE_STALE_MS = 10 * 60 * 1000;

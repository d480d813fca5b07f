/** The shop's display name: headings and the document title start with it. */
export const SHOP_NAME: string = import.meta.env?.VITE_SHOP_NAME || 'Comic Shop';

export const TAGLINE = 'Shipping to all of Australia';

/** The shop's email for orders, returns and privacy requests (shown on the contact and policy pages). */
export const SHOP_EMAIL: string = import.meta.env?.VITE_SHOP_EMAIL || 'orders@comicshop.local';

/** The suburb (postcode 4075, Brisbane) orders are collected from; the street address comes with the order. */
export const PICKUP_SUBURB: string = import.meta.env?.VITE_SHOP_PICKUP_SUBURB || 'Corinda';

/** The shop's ABN, shown on the contact page when set. */
export const SHOP_ABN: string = import.meta.env?.VITE_SHOP_ABN || '';

/** Stale time of the catalogue: browsing never refetches what the cache holds. */
export const CATALOGUE_STALE_MS = 10 * 60 * 1000;

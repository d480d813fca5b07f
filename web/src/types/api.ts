/** Shapes of the shop API's answers (all money is integer cents). */

export type ItemType = 'comic' | 'game' | 'accessory';
export type PeriodType = 'new' | 'back-issue' | 'pre-order' | 'vintage';
export type SupplierType = 'diamond' | 'lpg' | 'auction' | 'local_shop' | 'local_person';

export interface StockImage {
  imageId: string;
}

/** A stock item as the storefront sees it. `number` is the quantity available. */
export interface Comic {
  _id: string;
  comicId: string;
  itemType: ItemType;
  periodType?: PeriodType | null;
  supplierType?: SupplierType | null;
  publisher?: string | null;
  mainDescription: string;
  variantDescription?: string | null;
  writer?: string | null;
  artist?: string | null;
  coverArtist?: string | null;
  releaseMonth?: number | null;
  releaseYear?: number | null;
  price: number;
  srp?: number | null;
  number: number;
  pnp?: number | null;
  images?: StockImage[] | null;
  hasImage?: boolean | null;
  batch?: string | null;
  batchName?: string | null;
  key?: boolean | null;
  ebayListingId?: string | null;
}

export interface Batch {
  _id: string;
  name: string;
  type?: string | null;
  itemType?: ItemType | null;
  periodType?: PeriodType | null;
  publishDate?: string | null;
  discountPercent?: number | null;
  hideHomePage?: boolean | null;
  default?: boolean | null;
}

/**
 * GET|POST /search-stock/{term}?page=&limit=: one page of matches (browse's paging) and the
 * number of matches in all. `total` is optional only for a server that does not page search yet.
 */
export interface SearchStockResponse {
  comics: Comic[];
  total?: number;
}

/** GET /homepage-stock[?page=n]: up to 8 batch rows a page and the first 10 items of each. */
export interface HomepageStockResponse {
  batches: Batch[];
  comics: Comic[];
}

export interface Address {
  _id?: string;
  givenName: string;
  familyName: string;
  addressLine1: string;
  suburb: string;
  state: string;
  postalCode: string;
  countryCode?: string;
}

export interface User {
  _id: string;
  admin?: boolean;
  email: string;
  givenName?: string;
  familyName?: string;
  localPickup?: boolean;
  addresses?: Address[];
  showCollateAddresses?: boolean;
}

/** An order line; `_id` is the stock item's id. */
export interface OrderItem {
  _id: string;
  name: string;
  quantity: number;
  price: number;
  comicId?: string | null;
  itemType?: ItemType | null;
  periodType?: PeriodType | null;
  supplierType?: SupplierType | null;
  available: number;
  pnp?: number | null;
}

export interface LatestTransaction {
  value: string;
  cardToken: string;
  buyerToken: string;
  complete?: boolean;
}

export interface Order {
  _id: string;
  publicId?: string | number | null;
  type?: string | null;
  date?: string | null;
  complete?: boolean;
  posted?: boolean;
  orderItems: OrderItem[];
  email?: string | null;
  name?: string | null;
  shippingAddress?: Address | null;
  billingAddress?: Address | null;
  shippingIsPickup?: boolean;
  shippingIsSameAsBilling?: boolean;
  searchTerms?: string | null;
  searchHistory?: string[] | null;
  latestTransaction?: LatestTransaction | null;
  toPay: number;
  pnp: number;
  total: number;
  itemCount: number;
  paid: number;
  creditFrom?: number | null;
  creditForward?: number | null;
  carriedForward?: number | null;
  completedDate?: string | null;
  postedDate?: string | null;
  trackingNumber?: string | null;
}

export interface Transaction {
  _id?: string;
  value?: number | string;
  complete?: boolean;
  [key: string]: unknown;
}

export interface OrderResponse {
  order: Order;
  transactions: Transaction[];
  credit: number;
  messages?: string[];
}

export interface SiteSettings {
  hideAccessories: boolean;
  hideGames: boolean;
  warningText?: string | null;
  updateTransactionsSave?: boolean;
  updateTransactionsDays?: number;
}

export interface SiteSettingsResponse {
  siteSettings: SiteSettings;
  ordersNeedPosting: number;
  /** Card payments go to the payment simulator: the storefront keeps its TEST card form. */
  paymentsTestMode?: boolean;
}

/** Shapes of the admin calls' answers (admin spec sections 3 and 7). All money is integer cents. */
import type { Address, Batch, Comic, ItemType, Order, PeriodType, SupplierType, User } from '../types/api';

export type { ItemType, PeriodType, SupplierType };

/** Batch types (the API's spelling). Accessory batches use 'game' and are told apart by itemType. */
export type BatchType = 'diamond' | 'back' | 'pre' | 'game';

/** A stock item as the admin sees it: `number` is the copies in the shop. */
export interface AdminComic extends Omit<Comic, 'batch'> {
  /** The batch id (the API sends the id; older answers an object). */
  batch?: string | { _id: string; name?: string | null } | null;
  type?: string | null;
  selected?: boolean | null;
  priceOverride?: number | null;
  available?: number | null;
  initialQuantity?: number | null;
  salesQuantity?: number | null;
  salesValue?: number | null;
  batchDate?: string | null;
  ebaySku?: string | null;
}

export interface AdminBatch extends Batch {
  type?: BatchType | string | null;
  supplierType?: SupplierType | null;
  cutOffDate?: string | null;
  /** Purchase value, cents. */
  value?: number | null;
}

export interface OrderUser {
  _id?: string;
  givenName?: string | null;
  familyName?: string | null;
  email?: string | null;
}

export interface AdminOrder extends Order {
  user?: OrderUser | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  externalId?: string | null;
  externalBuyerId?: string | null;
  externalBuyerName?: string | null;
  /** An ad-hoc (in-person) sale: named by the admin at the counter, never posted. */
  adhoc?: boolean | null;
}

export type AdminUser = User & { createdAt?: string | null; credit?: number | null };

export interface Feedback {
  _id: string;
  email?: string | null;
  description: string;
  createdAt?: string | null;
}

export interface CheckListItem {
  _id: string;
  name: string;
  description?: string | null;
  status: boolean;
}

export interface AuditEntry {
  _id: string;
  createdAt: string;
  userName?: string | null;
  userEmail?: string | null;
  description: string;
  streamId?: string | null;
  streamType?: string | null;
  eventType?: string | null;
}

export interface AuditPage {
  audits: AuditEntry[];
  total: number;
}

export interface StreamHistoryEntry {
  version: number;
  type: string;
  createdAt: string;
  userName?: string | null;
  userEmail?: string | null;
  description?: string | null;
  state: unknown;
}

export interface StreamHistory {
  streamId: string;
  streamType?: string | null;
  entries: StreamHistoryEntry[];
}

export interface AdminSiteSettings {
  hideAccessories: boolean;
  hideGames: boolean;
  warningText?: string | null;
  updateTransactionsSave?: boolean | null;
  updateTransactionsDays?: number | null;
}

export interface ProjectionStatus {
  projector: string;
  checkpoint: string | null;
  eventsBehind: number;
  secondsBehind: number;
}

export type QueueCounts = Partial<Record<'waiting' | 'active' | 'delayed' | 'failed' | 'completed', number>> & Record<string, number>;

export interface SystemStatus {
  status: string;
  time?: string;
  eventStore?: string;
  events?: number;
  projections?: ProjectionStatus[];
  queues?: Record<string, QueueCounts> | null;
}

export interface FailedJob {
  queue: string;
  id: string;
  name: string;
  failedReason?: string | null;
  attemptsMade?: number | null;
  timestamp?: number | string | null;
}

export interface JobStatus {
  state: string;
  progress?: unknown;
  result?: unknown;
  failedReason?: string | null;
}

export interface StockCheckRow {
  name: string;
  type?: string | null;
  ioaQuantity: number;
  ebayQuantity: number;
  comic?: AdminComic | string | null;
}

export interface LineError {
  line: number;
  reason: string;
}

export interface StockUploadResult {
  imported: number;
  skipped: number;
  errors: LineError[];
  batch?: AdminBatch | string | null;
  message?: string;
}

export interface SalesUploadResult {
  comics?: AdminComic[];
  message?: string;
  recorded?: number;
  skipped?: number;
  errors?: LineError[];
}

export interface AdminSearchResult {
  comics: AdminComic[];
  orders: AdminOrder[];
  ebayInfos?: unknown;
}

/** The stock item body of POST /add-stock and PUT /edit-stock/{id}. */
export interface StockItemPayload {
  comicId: string;
  itemType: ItemType;
  periodType: PeriodType;
  supplierType: SupplierType;
  mainDescription: string;
  variantDescription: string;
  publisher: string;
  srp: number;
  priceOverride: number;
  pnp: number;
  number: number;
  initialQuantity: number;
  salesQuantity: number;
  releaseMonth: number;
  releaseYear: number;
  writer: string;
  artist: string;
  coverArtist: string;
  key: boolean;
  selected: boolean;
  images: Array<{ imageId: string }>;
  batchId: string | null;
}

/** The body of POST /add-batch and PUT /edit-batch/{id}. */
export interface BatchPayload {
  name: string;
  type: BatchType;
  itemType: ItemType;
  periodType: PeriodType;
  supplierType: SupplierType;
  publishDate: string;
  cutOffDate: string | null;
  discountPercent: number;
  value: number;
  hideHomePage: boolean;
  default: boolean;
}

export type { Address };

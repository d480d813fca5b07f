import type { Generated, GeneratedAlways } from 'kysely';
import type { Condition } from '@shop/domain/catalogue/index';

/** Catalogue read models: what the storefront browses and searches, and the admin lists. */
export interface CatalogueTables {
  batches: {
    batch_id: string;
    name: string;
    type: string;
    item_type: string;
    period_type: string | null;
    supplier_type: string | null;
    publish_date: Date | null;
    cut_off_date: Date | null;
    discount_percent: number;
    value: number;
    hide_home_page: boolean;
    is_default: boolean;
    /** Global position of BatchCreated: a stable order for lists. */
    created_position: string;
  };
  stock_items: {
    stock_item_id: string;
    comic_id: string;
    item_type: string;
    period_type: string;
    supplier_type: string;
    publisher: string;
    main_description: string;
    variant_description: string;
    writer: string;
    artist: string;
    cover_artist: string;
    selected: boolean;
    srp: number;
    price_override: number;
    /** Copies in the shop, held ones included. */
    number: number;
    /** number less the copies held by checkouts in progress. */
    available: number;
    initial_quantity: number;
    sales_quantity: number;
    sales_value: number;
    release_month: number;
    release_year: number;
    images: { imageId: string }[];
    has_image: boolean;
    pnp: number;
    key: boolean;
    ebay_sku: string | null;
    ebay_listing_id: string | null;
    batch_id: string | null;
    batch_name: string | null;
    batch_date: Date | null;
    /** The item's series now (merges followed); null for none. */
    series_id: string | null;
    /** The series' current title ('' for none). */
    series_title: string;
    issue_number: string;
    /** 'A', 'B', 'VAR', '1:25', or ''. */
    cover: string;
    printing: number;
    /** 'YYYY-MM-DD' or null. */
    foc_date: string | null;
    /** 'YYYY-MM-DD' or null. */
    release_date: string | null;
    /** UPC or ISBN digits ('' for none). */
    upc: string;
    /** A pre-order's FOC date ('YYYY-MM-DD': foc_date, else its batch's cut-off day in Sydney); null for other items. */
    order_by: string | null;
    /** The shopper's price in cents: the price rules, then the batch's current discount. */
    price: number;
    /** Title with numbers zero-padded, so "#2" sorts before "#10". */
    sort_title: string;
    /** Global position of StockItemAdded: the last tie-breaker of every order. */
    added_position: string;
    search_vector: Generated<string>;
    search_title: Generated<string>;
    search_compact: Generated<string>;
    /** The condition as recorded (issue 18): null, `{ kind: 'raw', grade }` or a slab. */
    condition: Condition | null;
    key_notes: string;
    /** condition.grade, kept by PostgreSQL (numeric: read as text). */
    grade: Generated<string | null>;
    /** A slab, kept by PostgreSQL. */
    graded: Generated<boolean>;
    /** available > 0, kept by PostgreSQL: what the browse indexes filter on. */
    in_stock: Generated<boolean>;
  };
  /** Moves whenever a cached catalogue answer's structure may have changed (triggers, 0202). */
  catalogue_versions: { id: number; structure: string };
  /** Live counts of stock items as they change, for the API to lay over cached answers (triggers, 0202). */
  stock_availability_feed: {
    seq: Generated<string>;
    stock_item_id: string;
    available: number;
    sales_quantity: number;
    sales_value: string;
    /** The change brought the item back in stock (0224): the answers it could join are computed again. */
    back_in_stock: Generated<boolean>;
    /** The item was added, edited or deleted (0225): the answers it was in or could join are computed again. */
    moved: Generated<boolean>;
    /** Where a moved item was before (`catalogue_place`), none for an item added. */
    moved_from: unknown;
    at: Generated<Date>;
  };
  /**
   * A search's ordered matches (first 2,000 ids) and their number, under the structure they were read
   * at (0202), with what it matches (0224): an item back in stock, added, edited or deleted (0225) that
   * it matches, before or after, drops it, unless it is back in stock or sold out past the list's end
   * (0229): that changes only `total`, and names an item of its ids in `gone` while it is sold out (0230).
   */
  catalogue_lists: {
    key: string;
    structure: string;
    total: number;
    ids: string[];
    matches: string;
    run_together: string | null;
    item_types: string[];
    publisher: string | null;
    grade_min: string | null;
    grade_max: string | null;
    graded: boolean | null;
    words: string[];
    /** Its order, how it ranks an item, and the sort key of its last kept item when it keeps fewer than its matches (0229). */
    sort: string | null;
    starts: string | null;
    title_matches: string | null;
    last_tier: number | null;
    last_batch_date: Date | null;
    last_price: number | null;
    last_sort_title: string | null;
    last_added_position: string | null;
    /** Its ids sold out since it was kept, passed over by a page read (0230). */
    gone: Generated<string[]>;
    /** The words and run-together letters an item must share with it to be matched (0234). */
    reach_keys: GeneratedAlways<string[]>;
  };
  /** Words of titles, creators and publishers: what a search term's typos are corrected to. */
  search_words: { word: string };
}

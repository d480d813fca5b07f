import { BROWSE_MODES, type BrowseModeId } from '../../domain/src/catalogue/index.ts';
import type { RequestKind } from './stats.ts';
import type { SearchTermPicker } from './terms.ts';
import { Zipf, ZipfChoice, type Prng } from './zipf.ts';

/** Who sends a request: a guest with their temp token, or a signed-in customer with their access token. */
export type Shopper = { kind: 'guest'; tempAuthorisation: string } | { kind: 'customer'; token: string };

export interface ShopperRequest {
  kind: RequestKind;
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  body?: unknown;
  headers: Record<string, string>;
  /** A first page of a search: the shop records its term on the shopper's order. */
  recordsTerm?: boolean;
}

/** The browse screens, most visited first (Zipf over this order). */
const MODE_POPULARITY: readonly BrowseModeId[] = ['new-comics', 'back-issues', 'key-comics', 'pre-orders', 'games', 'accessories'];

/** "The first page holds 60 items, later pages 30": page 1 of 60 is pages 1-2 of 30, so page 3 comes next. */
const pagesUpTo = (last: number) => [1, ...Array.from({ length: last - 2 }, (_, i) => i + 3)];

export interface RequestMixOptions {
  /** Shares of browse, search and homepage requests. */
  weights: Record<RequestKind, number>;
  /** The last browse page a shopper reaches (pages 3.. are of 30 items). */
  lastBrowsePage: number;
  /** The share of searches that ask for a later page of results. */
  searchNextPageShare: number;
  lastSearchPage: number;
  lastHomepagePage: number;
}

export const DEFAULT_MIX: RequestMixOptions = {
  weights: { browse: 0.5, search: 0.35, homepage: 0.15 },
  lastBrowsePage: 40,
  searchNextPageShare: 0.1,
  lastSearchPage: 12,
  lastHomepagePage: 10,
};

const BROWSER_HEADERS = { 'accept-encoding': 'gzip, br', accept: 'application/json' };

/**
 * The requests of a busy hour's shoppers: browse lists (every mode, page 1 of 60 then pages 3..40 of
 * 30, Zipf over modes and pages), the homepage and its later pages, and searches (terms by
 * `SearchTermPicker`; guests POST their temp token, customers GET with their bearer token).
 */
export class RequestMix {
  private readonly modes = new ZipfChoice(MODE_POPULARITY.map((id) => BROWSE_MODES.find((m) => m.id === id)!));
  private readonly browsePages: ZipfChoice<number>;
  private readonly searchPages: ZipfChoice<number>;
  private readonly homepagePages: Zipf;

  constructor(
    private readonly terms: SearchTermPicker,
    private readonly options: RequestMixOptions = DEFAULT_MIX,
  ) {
    this.browsePages = new ZipfChoice(pagesUpTo(options.lastBrowsePage));
    this.searchPages = new ZipfChoice(pagesUpTo(options.lastSearchPage).slice(1));
    this.homepagePages = new Zipf(options.lastHomepagePage);
  }

  next(random: Prng, shopper: Shopper): ShopperRequest {
    const { browse, search, homepage } = this.options.weights;
    const roll = random.next() * (browse + search + homepage);
    if (roll < browse) return this.browse(random);
    if (roll < browse + search) return this.search(random, shopper);
    return this.homepage(random);
  }

  private browse(random: Prng): ShopperRequest {
    const mode = this.modes.pick(random);
    const page = this.browsePages.pick(random);
    // The body the storefront sends (web/src/features/stock/api/get-stock.ts).
    const body: Record<string, unknown> = { itemType: mode.itemType, batchId: null, limit: page === 1 ? 60 : 30, page };
    if (mode.periodType) body.periodType = mode.periodType;
    if (mode.key) body.key = true;
    return { kind: 'browse', method: 'PUT', path: '/stock/', body, headers: BROWSER_HEADERS };
  }

  private search(random: Prng, shopper: Shopper): ShopperRequest {
    const { term } = this.terms.pick(random);
    const page = random.chance(this.options.searchNextPageShare) ? this.searchPages.pick(random) : 1;
    const path = `/search-stock/${encodeURIComponent(term)}?page=${page}&limit=${page === 1 ? 60 : 30}`;
    const recordsTerm = page === 1;
    return shopper.kind === 'customer'
      ? { kind: 'search', method: 'GET', path, headers: { ...BROWSER_HEADERS, authorization: `Bearer ${shopper.token}` }, recordsTerm }
      : {
          kind: 'search',
          method: 'POST',
          path,
          body: { tempAuthorisation: shopper.tempAuthorisation },
          headers: BROWSER_HEADERS,
          recordsTerm,
        };
  }

  private homepage(random: Prng): ShopperRequest {
    const page = this.homepagePages.rank(random) + 1;
    return {
      kind: 'homepage',
      method: 'GET',
      path: page === 1 ? '/homepage-stock' : `/homepage-stock?page=${page}`,
      headers: BROWSER_HEADERS,
    };
  }
}

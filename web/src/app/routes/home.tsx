import { useDeferredValue, useRef } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/hooks';
import { Spinner } from '../../components/ui/field';
import { homepageRows, useHomepageStock, type HomepageRow } from '../../features/stock/api/get-homepage-stock';
import { BatchRow } from '../../features/stock/components/batch-row';
import { useLoadMoreNear } from '../../features/stock/hooks/use-load-more';
import { SHOP_NAME } from '../../config';
import { ShopLayout } from '../layout/shop-layout';

/**
 * The homepage: stock grouped by batch, one horizontally scrolling row per batch. The first 8 rows
 * come at once; the next 8 are asked for as the shopper nears the bottom, until a page has fewer.
 */
export function HomeRoute() {
  const query = useHomepageStock();
  useDocumentTitle(null);
  const rows = homepageRows(query.data?.pages ?? []);
  return (
    <ShopLayout>
      <div className="home">
        <div className="hero">
          <h1 className="hero__title">{SHOP_NAME}</h1>
          <p className="hero__text">
            New comics every week, back issues, pre-orders, key issues and more. Shipping to all of Australia, with local pickup in
            Brisbane.
          </p>
          <div className="hero__links">
            <Link className="btn btn--accent" to="/new-comics">
              New Comics
            </Link>
            <Link className="btn btn--ghost-light" to="/back-issues">
              Back Issues
            </Link>
            <Link className="btn btn--ghost-light" to="/key-comics">
              Key Comics
            </Link>
          </div>
        </div>
        {query.isLoading ? (
          <div className="stock-screen__state">
            <Spinner label="Loading the latest stock" />
          </div>
        ) : query.isError && rows.length === 0 ? (
          <div className="stock-screen__state" role="alert">
            <p>Sorry, the latest stock could not be loaded.</p>
            <button type="button" className="btn btn--ghost" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : rows.length === 0 ? (
          <p className="stock-screen__state">New stock is on its way. Check back soon!</p>
        ) : (
          <HomeRows
            rows={rows}
            hasMore={query.hasNextPage}
            loadingMore={query.isFetchingNextPage}
            failedMore={query.isFetchNextPageError}
            onLoadMore={() => void query.fetchNextPage()}
          />
        )}
      </div>
    </ShopLayout>
  );
}

/** The rows drawn in the first frame: as many as a screen shows (the others follow at once). */
const FIRST_FRAME_ROWS = 2;

interface HomeRowsProps {
  rows: HomepageRow[];
  hasMore: boolean;
  loadingMore: boolean;
  failedMore: boolean;
  onLoadMore: () => void;
}

/**
 * The batch rows, then a sentinel that asks for the next page near the bottom. The first render
 * draws only the rows a screen shows, so their tiles are painted without waiting for the other
 * rows' 60-odd tiles; React then renders the rest in the background (a deferred value:
 * interruptible, in slices) and adds them below. More pages are asked for once all are drawn.
 */
function HomeRows({ rows, hasMore, loadingMore, failedMore, onLoadMore }: HomeRowsProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const deferred = useDeferredValue(rows.length, Math.min(rows.length, FIRST_FRAME_ROWS));
  const shown = Math.max(deferred, FIRST_FRAME_ROWS);
  useLoadMoreNear(sentinel, {
    // After a failed page, wait for the shopper's Try again rather than asking again at once.
    hasMore: hasMore && !failedMore && shown >= rows.length,
    loading: loadingMore,
    onLoadMore,
    loaded: Math.min(shown, rows.length),
  });
  return (
    <>
      {rows.slice(0, shown).map((row) => (
        <BatchRow key={row.batch._id} batch={row.batch} comics={row.comics} />
      ))}
      <div ref={sentinel} className="home__more">
        <p className="home__more-status" role="status">
          {loadingMore ? (
            <>
              <span className="spinner" aria-hidden="true" /> Loading more…
            </>
          ) : null}
        </p>
        {failedMore ? (
          <div role="alert" className="home__more-error">
            <p>Sorry, more stock could not be loaded.</p>
            <button type="button" className="btn btn--ghost" onClick={onLoadMore}>
              Try again
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}

import { useRef } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/hooks';
import { Spinner } from '../../components/ui/field';
import { homepageRows, useHomepageStock } from '../../features/stock/api/get-homepage-stock';
import { BatchRow } from '../../features/stock/components/batch-row';
import { useLoadMoreNear } from '../../features/stock/hooks/use-load-more';
import { SHOP_NAME } from '../../config';
import { ShopLayout } from '../layout/shop-layout';

/**
 * The homepage: stock grouped by batch, one horizontally scrolling row per batch. The first 8 rows
 * come at once; the next 8 are asked for as the shopper nears the bottom, until a page has fewer.
 */
export function HomeRoute() {
  const { data, isLoading, isError, refetch, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = useHomepageStock();
  const sentinel = useRef<HTMLDivElement>(null);
  useDocumentTitle(null);
  const rows = homepageRows(data?.pages ?? []);
  useLoadMoreNear(sentinel, {
    // After a failed page, wait for the shopper's Try again rather than asking again at once.
    hasMore: hasNextPage && !isFetchNextPageError,
    loading: isFetchingNextPage,
    onLoadMore: () => void fetchNextPage(),
    loaded: rows.length,
  });
  return (
    <ShopLayout>
      <div className="home">
        <div className="hero">
          <h1 className="hero__title">{SHOP_NAME}</h1>
          <p className="hero__text">
            New comics every week, back issues, pre-orders, key issues and more. Shipping to all of Australia, with local pickup in Brisbane.
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
        {isLoading ? (
          <div className="stock-screen__state">
            <Spinner label="Loading the latest stock" />
          </div>
        ) : isError && rows.length === 0 ? (
          <div className="stock-screen__state" role="alert">
            <p>Sorry, the latest stock could not be loaded.</p>
            <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        ) : rows.length === 0 ? (
          <p className="stock-screen__state">New stock is on its way. Check back soon!</p>
        ) : (
          <>
            {rows.map((row) => (
              <BatchRow key={row.batch._id} batch={row.batch} comics={row.comics} />
            ))}
            <div ref={sentinel} className="home__more">
              <p className="home__more-status" role="status">
                {isFetchingNextPage ? (
                  <>
                    <span className="spinner" aria-hidden="true" /> Loading more…
                  </>
                ) : null}
              </p>
              {isFetchNextPageError ? (
                <div role="alert" className="home__more-error">
                  <p>Sorry, more stock could not be loaded.</p>
                  <button type="button" className="btn btn--ghost" onClick={() => void fetchNextPage()}>
                    Try again
                  </button>
                </div>
              ) : null}
            </div>
          </>
        )}
      </div>
    </ShopLayout>
  );
}

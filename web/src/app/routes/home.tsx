import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/hooks';
import { Spinner } from '../../components/ui/field';
import { groupByBatch, useHomepageStock } from '../../features/stock/api/get-homepage-stock';
import { BatchRow } from '../../features/stock/components/batch-row';
import { SHOP_NAME } from '../../config';
import { ShopLayout } from '../layout/shop-layout';

/** The homepage: stock grouped by batch, one horizontally scrolling row per batch. */
export function HomeRoute() {
  const { data, isLoading, isError, refetch } = useHomepageStock();
  useDocumentTitle(null);
  const rows = data ? groupByBatch(data) : [];
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
        ) : isError ? (
          <div className="stock-screen__state" role="alert">
            <p>Sorry, the latest stock could not be loaded.</p>
            <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        ) : rows.length === 0 ? (
          <p className="stock-screen__state">New stock is on its way. Check back soon!</p>
        ) : (
          rows.map((row) => <BatchRow key={row.batch._id} batch={row.batch} comics={row.comics} />)
        )}
      </div>
    </ShopLayout>
  );
}

import { useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/hooks';
import { useSearchStock } from '../../features/stock/api/search-stock';
import { useClearSearch } from '../../features/search/hooks/use-run-search';
import { MODES } from '../../features/stock/lib/modes';
import { useUi } from '../ui-state';
import { ShopLayout } from '../layout/shop-layout';
import { StockScreen } from './stock-screen';

/** Search results for /search/{searchTerm}; a clear link returns to the previous mode. */
export function SearchRoute() {
  const { searchTerm = '' } = useParams();
  const term = searchTerm.trim();
  const query = useSearchStock(term);
  const clearSearch = useClearSearch();
  const { previousMode } = useUi();
  useDocumentTitle(term || 'Search');

  const toolbar = term ? (
    <button type="button" className="link-btn clear-link" onClick={clearSearch}>
      Clear search (back to {MODES[previousMode].label})
    </button>
  ) : null;

  return (
    <ShopLayout>
      <StockScreen
        heading={term ? <>Search results for “{term}”</> : 'Search'}
        gridLabel={term ? `Search results for ${term}` : 'Search results'}
        toolbar={toolbar}
        comics={query.data ?? []}
        isLoading={Boolean(term) && query.isLoading}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        emptyText={
          term ? (
            <p>
              No items match “{term}”. Try a character, series or publisher, or send us feedback with what you are after.
            </p>
          ) : (
            <p>Type a title, character or publisher in the search box above, or pick one of the common searches.</p>
          )
        }
      />
    </ShopLayout>
  );
}

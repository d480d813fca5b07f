import { useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/hooks';
import { useSearchStock } from '../../features/stock/api/search-stock';
import { useClearSearch } from '../../features/search/hooks/use-run-search';
import { MODES } from '../../features/stock/lib/modes';
import { flattenUnique } from '../../features/stock/lib/paging';
import { resultCountText } from '../../features/search/lib/search';
import { useUi } from '../ui-state';
import { ShopLayout } from '../layout/shop-layout';
import { StockScreen } from './stock-screen';

/**
 * Search results for /search/{searchTerm}, paged as browse is (60, then 30 at a time as the shopper
 * scrolls, until all the matches are loaded), with the number of matches beside the heading; a clear
 * link returns to the previous mode.
 */
export function SearchRoute() {
  const { searchTerm = '' } = useParams();
  const term = searchTerm.trim();
  const query = useSearchStock(term);
  const pages = query.data?.pages ?? [];
  const comics = flattenUnique(pages.map((page) => page.comics));
  // The number of matches; a server that does not page search sends no total, and all it found.
  const total = pages[0]?.total ?? comics.length;
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
        summary={term && query.isSuccess ? resultCountText(total) : term ? '' : undefined}
        toolbar={toolbar}
        comics={comics}
        isLoading={Boolean(term) && query.isLoading}
        isError={query.isError && comics.length === 0}
        onRetry={() => void query.refetch()}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={() => {
          if (!query.isFetchingNextPage) void query.fetchNextPage();
        }}
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

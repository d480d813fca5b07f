import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { KNOWN_PUBLISHERS } from '@shop/domain/catalogue/knownLists';
import { useAddressChoice, useDocumentTitle } from '../../lib/hooks';
import { useSearchStock } from '../../features/stock/api/search-stock';
import { useClearSearch, useRunSearch } from '../../features/stock/hooks/use-run-search';
import { MODES } from '../../lib/browse-modes';
import { flattenUnique } from '../../lib/paging';
import { GradeFilterFields, SortField } from '../../features/stock/components/search-control-fields';
import {
  parseGradedFilter,
  parseGradeMin,
  parseSearchPublisher,
  parseSearchSort,
  resultCountText,
  type GradedFilter,
  type SearchSort,
} from '../../features/stock/lib/search';
import { GRADES } from '@shop/domain/catalogue/gradeScale';
import { useUi } from '../../lib/ui-state';
import { ShopLayout } from '../layout/shop-layout';
import { CommonSearches } from '../layout/search-box';
import { StockScreen } from './stock-screen';

/** Every publisher the shop knows (comics, then games and accessories), offered by the publisher filter. */
const PUBLISHERS: readonly string[] = [
  ...new Set<string>([...KNOWN_PUBLISHERS.comic, ...KNOWN_PUBLISHERS.game, ...KNOWN_PUBLISHERS.accessory]),
];

/**
 * Search results for /search/{searchTerm}, paged as browse is (60, then 30 at a time as the shopper
 * scrolls, until all the matches are loaded), with the number of matches beside the heading; a clear
 * link returns to the previous mode. Sort and publisher live in the address (`?sort=price-asc&publisher=Marvel`),
 * so Back and a shared link keep them. /search alone shows the common searches.
 */
export function SearchRoute() {
  const { searchTerm = '' } = useParams();
  const term = searchTerm.trim();
  const [params] = useSearchParams();
  const sort = parseSearchSort(params.get('sort'));
  const publisher = parseSearchPublisher(params.get('publisher'), PUBLISHERS);
  const graded = parseGradedFilter(params.get('graded'));
  const gradeMin = parseGradeMin(params.get('gradeMin'), GRADES);
  const query = useSearchStock(term, { sort, publisher, graded, gradeMin });
  const pages = query.data?.pages ?? [];
  const comics = flattenUnique(pages.map((page) => page.comics));
  // The number of matches, as the newest page counted it; a server that does not page search sends no total, and all it found.
  const total = pages.at(-1)?.total ?? comics.length;
  const clearSearch = useClearSearch();
  const runSearch = useRunSearch();
  const { previousMode } = useUi();
  useDocumentTitle(term || 'Search');

  const choose = useAddressChoice();

  const toolbar = term ? (
    <div className="search-toolbar">
      <SearchControls
        sort={sort}
        publisher={publisher}
        onSort={(value) => choose('sort', value, 'relevance')}
        onPublisher={(value) => choose('publisher', value, '')}
        graded={graded}
        gradeMin={gradeMin}
        onGraded={(value) => choose('graded', value, '')}
        onGradeMin={(value) => choose('gradeMin', value, '')}
      />
      <button type="button" className="link-btn clear-link" onClick={clearSearch}>
        Clear search (back to {MODES[previousMode].label})
      </button>
    </div>
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
              No items match “{term}”{publisher ? ` from ${publisher}` : ''}. Try a character, series or publisher
              {publisher ? ', or any publisher' : ''}, or send us feedback with what you are after.
            </p>
          ) : (
            <div className="search-start">
              <p>Type a title, character or publisher in the search box above, or pick one of the common searches.</p>
              <section aria-labelledby="search-start-common" className="search-start__common">
                <h2 id="search-start-common" className="search-start__heading">
                  Common searches
                </h2>
                <CommonSearches onPick={runSearch} />
              </section>
            </div>
          )
        }
      />
    </ShopLayout>
  );
}

function SearchControls({
  sort,
  publisher,
  onSort,
  onPublisher,
  graded,
  gradeMin,
  onGraded,
  onGradeMin,
}: {
  sort: SearchSort;
  publisher: string;
  onSort: (value: SearchSort) => void;
  onPublisher: (value: string) => void;
  graded: GradedFilter;
  gradeMin: string;
  onGraded: (value: GradedFilter) => void;
  onGradeMin: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="search-controls" role="group" aria-label="Sort and filter the results">
      <SortField id={id} sort={sort} onSort={onSort} />
      <div className="search-controls__field">
        <label htmlFor={`${id}-publisher`} className="search-controls__label">
          Publisher
        </label>
        <select
          id={`${id}-publisher`}
          className="input search-controls__select"
          value={publisher}
          onChange={(e) => onPublisher(e.target.value)}
        >
          <option value="">All publishers</option>
          {PUBLISHERS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <GradeFilterFields id={id} graded={graded} gradeMin={gradeMin} onGraded={onGraded} onGradeMin={onGradeMin} />
    </div>
  );
}

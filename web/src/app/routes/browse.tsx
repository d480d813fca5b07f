import { lazy, Suspense, useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useIsAdmin } from '../../lib/session';
import { useAddressChoice, useDocumentTitle } from '../../lib/hooks';
import { useStock, type BrowseFilters } from '../../features/stock/api/get-stock';
import { GradeFilterFields, SortField } from '../../features/stock/components/search-control-fields';
import { parseGradedFilter, parseGradeMin, parseSearchSort, type SearchSort } from '../../features/stock/lib/search';
import { GRADES } from '@shop/domain/catalogue/gradeScale';
import { MODES, type BrowseMode } from '../../lib/browse-modes';
import { flattenUnique } from '../../lib/paging';
import { useUi } from '../../lib/ui-state';
import { ShopLayout } from '../layout/shop-layout';
import { StockScreen } from './stock-screen';

/** Admins only: the batch filter (a Radix dropdown) is its own chunk. */
const BatchFilter = lazy(() => import('../../features/stock/components/batch-filter').then((m) => ({ default: m.BatchFilter })));

/** The modes whose items carry grades (collectors choose back issues and keys by condition). */
const GRADED_MODES: readonly BrowseMode[] = ['back-issues', 'key-comics'];

/**
 * A browse screen for one mode; admins can filter by batch (?batch=id), which starts again at page 1.
 * Back issues and key comics can be sorted and filtered by grade (?sort=grade-desc&graded=true&gradeMin=9.4),
 * kept in the address so Back and a shared link keep them.
 */
export function BrowseRoute({ mode }: { mode: BrowseMode }) {
  const def = MODES[mode];
  const isAdmin = useIsAdmin();
  const [params, setParams] = useSearchParams();
  const batchId = isAdmin ? params.get('batch') : null;
  const { setPreviousMode } = useUi();
  const graded = GRADED_MODES.includes(mode);
  const filters: BrowseFilters = graded
    ? {
        sort: parseSearchSort(params.get('sort')),
        graded: parseGradedFilter(params.get('graded')),
        gradeMin: parseGradeMin(params.get('gradeMin'), GRADES),
      }
    : { sort: 'relevance', graded: '', gradeMin: '' };
  const choose = useAddressChoice();
  const query = useStock(mode, batchId, filters);
  const comics = flattenUnique(query.data?.pages ?? []);
  useDocumentTitle(def.label);
  useEffect(() => setPreviousMode(mode), [mode, setPreviousMode]);

  return (
    <ShopLayout>
      <StockScreen
        heading={def.label}
        gridLabel={def.label}
        toolbar={
          <>
            {graded ? (
              <BrowseGradeControls
                filters={filters}
                onSort={(value) => choose('sort', value, 'relevance')}
                onGraded={(value) => choose('graded', value, '')}
                onGradeMin={(value) => choose('gradeMin', value, '')}
              />
            ) : null}
            {isAdmin ? (
              <Suspense fallback={null}>
                <BatchFilter
                  mode={mode}
                  batchId={batchId}
                  onChange={(id) => {
                    const next = new URLSearchParams(params);
                    if (id) next.set('batch', id);
                    else next.delete('batch');
                    setParams(next);
                  }}
                />
              </Suspense>
            ) : null}
          </>
        }
        comics={comics}
        isLoading={query.isLoading}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        emptyText={
          <p>
            Nothing here right now. Try the <Link to="/new-comics">new comics</Link> or search for a title.
          </p>
        }
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={() => {
          if (!query.isFetchingNextPage) void query.fetchNextPage();
        }}
      />
    </ShopLayout>
  );
}

/** Sort (the shop's order, newest, price or best grade first) and the grade filters of a graded mode. */
function BrowseGradeControls({
  filters,
  onSort,
  onGraded,
  onGradeMin,
}: {
  filters: BrowseFilters;
  onSort: (value: SearchSort) => void;
  onGraded: (value: BrowseFilters['graded']) => void;
  onGradeMin: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="search-controls" role="group" aria-label="Sort and filter by grade">
      <SortField id={id} sort={filters.sort} onSort={onSort} relevanceLabel="Shop order" />
      <GradeFilterFields id={id} graded={filters.graded} gradeMin={filters.gradeMin} onGraded={onGraded} onGradeMin={onGradeMin} />
    </div>
  );
}

import { lazy, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useIsAdmin } from '../../lib/session';
import { useDocumentTitle } from '../../lib/hooks';
import { useStock } from '../../features/stock/api/get-stock';
import { MODES, type BrowseMode } from '../../lib/browse-modes';
import { flattenUnique } from '../../lib/paging';
import { useUi } from '../../lib/ui-state';
import { ShopLayout } from '../layout/shop-layout';
import { StockScreen } from './stock-screen';

/** Admins only: the batch filter (a Radix dropdown) is its own chunk. */
const BatchFilter = lazy(() => import('../../features/stock/components/batch-filter').then((m) => ({ default: m.BatchFilter })));

/** A browse screen for one mode; admins can filter by batch (?batch=id), which starts again at page 1. */
export function BrowseRoute({ mode }: { mode: BrowseMode }) {
  const def = MODES[mode];
  const isAdmin = useIsAdmin();
  const [params, setParams] = useSearchParams();
  const batchId = isAdmin ? params.get('batch') : null;
  const { setPreviousMode } = useUi();
  const query = useStock(mode, batchId);
  const comics = flattenUnique(query.data?.pages ?? []);
  useDocumentTitle(def.label);
  useEffect(() => setPreviousMode(mode), [mode, setPreviousMode]);

  return (
    <ShopLayout>
      <StockScreen
        heading={def.label}
        gridLabel={def.label}
        toolbar={
          isAdmin ? (
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
          ) : null
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

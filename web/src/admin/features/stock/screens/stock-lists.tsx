import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatMoney } from '../../../../lib/money';
import { flattenUnique } from '../../../../lib/paging';
import { ALL_COMICS, useAdminStock, type StockListDefinition } from '../api/get-admin-stock';
import { readServerTotals, stockTotals, type StockTotals } from '../lib/totals';
import { LoadMore, QueryState, ScreenHeader } from '../../../components/admin-ui';
import { AdminBatchFilter } from '../components/batch-filter';
import { AdminStockGrid } from '../components/stock-grid';
import type { AdminBatch } from '../../../types';
import { adminStockKey } from '../../../lib/stock-caches';
import { useAdminStockAll } from '../api/get-admin-stock-all';
import { useZeroStock } from '../api/get-zero-stock';
import { useAdminBatches } from '../../../api/get-admin-batches';
import { batchesForVariant, VARIANTS, type StockVariant } from '../../../lib/variants';

const TYPE_LISTS: Record<StockVariant, StockListDefinition> = {
  new: { id: 'new', itemType: 'comic', periodType: 'new' },
  'back-issue': { id: 'back-issue', itemType: 'comic', periodType: 'back-issue' },
  'pre-order': { id: 'pre-order', itemType: 'comic', periodType: 'pre-order' },
  game: { id: 'game', itemType: 'game' },
  accessory: { id: 'accessory', itemType: 'accessory' },
};

/** The storefront browse path of a variant (for 'View in shop'). */
const SHOP_PATHS: Record<StockVariant, string> = {
  new: '/new-comics',
  'back-issue': '/back-issues',
  'pre-order': '/pre-orders',
  game: '/games',
  accessory: '/accessories',
};

function RefreshButton({ keyPart, label }: { keyPart: readonly unknown[]; label: string }) {
  const queryClient = useQueryClient();
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm"
      aria-label={`Refresh ${label}`}
      onClick={() => void queryClient.resetQueries({ queryKey: keyPart })}
    >
      Refresh
    </button>
  );
}

function TotalsCard({ totals, counting }: { totals: StockTotals | null; counting: boolean }) {
  const rows: Array<[string, string]> = totals
    ? [
        ['Items', String(totals.items)],
        ['Uploaded to eBay', String(totals.uploaded)],
        ['To go', String(totals.toGo)],
        ['Bought', String(totals.initial)],
        ['Sold', String(totals.sold)],
        ['Left', String(totals.left)],
        ['Sales value', formatMoney(totals.salesValue)],
        ['Value left', formatMoney(totals.valueLeft)],
        ['Batch purchase value', formatMoney(totals.purchaseValue)],
      ]
    : [];
  return (
    <section className="card admin-totals" aria-labelledby="stock-totals">
      <h2 id="stock-totals" className="section-title">
        Totals
      </h2>
      {counting && !totals ? (
        <p className="muted" role="status">
          Counting…
        </p>
      ) : (
        <dl className="admin-totals__grid">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

interface ListProps {
  title: string;
  list: StockListDefinition;
  batches: readonly AdminBatch[];
  batchId: string | null;
  onBatch: (batchId: string | null) => void;
  withTotals?: boolean;
  /** The whole list in one call (All Stock: up to 9,999) once the first page is on screen, instead of pages while scrolling. */
  whole?: boolean;
  tools?: ReactNode;
}

const count = (n: number) => n.toLocaleString('en-AU');

function PagedStockList({ title, list, batches, batchId, onBatch, withTotals, whole, tools }: ListProps) {
  const query = useAdminStock(list, batchId);
  const pageItems = useMemo(() => flattenUnique(query.data?.pages.map((p) => p.comics ?? []) ?? []), [query.data]);
  const serverTotals = withTotals ? readServerTotals(query.data?.pages[0]) : null;
  const wantAll = Boolean(whole || (withTotals && !serverTotals));
  const all = useAdminStockAll(list, batchId, wantAll && query.isSuccess && Boolean(query.hasNextPage));
  const items = whole && all.data ? all.data : pageItems;
  const wholeLoading = Boolean(whole && query.hasNextPage && !all.data);
  const totals = useMemo(() => {
    if (!withTotals || !query.isSuccess) return null;
    const counted = query.hasNextPage ? (all.data ? stockTotals(all.data, batches, batchId) : null) : stockTotals(items, batches, batchId);
    if (serverTotals) return { ...stockTotals(items, batches, batchId), ...serverTotals };
    return counted;
  }, [withTotals, query.isSuccess, query.hasNextPage, all.data, items, batches, batchId, serverTotals]);
  const batchName = batches.find((b) => b._id === batchId)?.name;
  const listed = serverTotals?.items;
  const hasMore = !whole && Boolean(query.hasNextPage);

  return (
    <div className="admin-screen">
      <ScreenHeader title={batchName ? `${title}: ${batchName}` : title}>
        <RefreshButton keyPart={[...adminStockKey, list.id]} label={title} />
        {tools}
      </ScreenHeader>
      <AdminBatchFilter batches={batches} batchId={batchId} onChange={onBatch} />
      {withTotals ? <TotalsCard totals={totals} counting={query.isLoading || (!serverTotals && all.isFetching)} /> : null}
      <QueryState
        query={query}
        label={title.toLowerCase()}
        isEmpty={items.length === 0}
        empty={<p>No items{batchName ? ` in ${batchName}` : ''}.</p>}
      >
        <p className="muted admin-count" role="status">
          Showing {count(items.length)}
          {whole && typeof listed === 'number' && listed > items.length ? ` of ${count(listed)}` : ''} item{items.length === 1 ? '' : 's'}
          {wholeLoading ? ' (loading the rest…)' : ''}
          {whole && !wholeLoading && typeof listed === 'number' && listed > items.length
            ? ' (the first; pick a batch or search for the rest)'
            : ''}
          {hasMore ? ' (scroll for more)' : ''}
        </p>
        {all.isError && whole ? (
          <p className="admin-message admin-message--error" role="alert">
            Could not load the rest of the list.{' '}
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => void all.refetch()}>
              Retry
            </button>
          </p>
        ) : null}
        <AdminStockGrid items={items} label={title} />
        <LoadMore
          count={items.length}
          label="items"
          hasMore={hasMore}
          loading={!whole && query.isFetchingNextPage}
          onLoadMore={() => {
            if (!query.isFetchingNextPage) void query.fetchNextPage();
          }}
        />
      </QueryState>
    </div>
  );
}

/** /admin-stock-list: every comic, with totals; the batch filter is ?batch={id}. */
export function AllStockScreen() {
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const { data: batches = [] } = useAdminBatches();
  const comicBatches = useMemo(() => batches.filter((b) => !b.itemType || b.itemType === 'comic'), [batches]);
  return (
    <PagedStockList
      key={batchId ?? 'all'}
      title="All Stock"
      list={ALL_COMICS}
      batches={comicBatches}
      batchId={batchId}
      withTotals
      whole
      onBatch={(id) => {
        const next = new URLSearchParams(params);
        if (id) next.set('batch', id);
        else next.delete('batch');
        setParams(next);
      }}
    />
  );
}

/** The per-type lists: /admin-{kind}-list[/{batchId}]; the id preselects the batch filter. */
export function TypeStockScreen({ variant }: { variant: StockVariant }) {
  const def = VARIANTS[variant];
  const { id } = useParams();
  const batchId = id || null;
  const navigate = useNavigate();
  const { data: batches = [] } = useAdminBatches();
  const choices = useMemo(() => batchesForVariant(batches, variant), [batches, variant]);
  return (
    <PagedStockList
      key={batchId ?? 'all'}
      title={def.listLabel}
      list={TYPE_LISTS[variant]}
      batches={choices}
      batchId={batchId}
      onBatch={(next) => navigate(next ? `${def.listPath}/${encodeURIComponent(next)}` : def.listPath)}
      tools={
        <>
          <Link className="btn btn--primary btn--sm" to={def.addPath}>
            {def.title}
          </Link>
          {variant === 'pre-order' && batchId ? (
            <Link className="btn btn--ghost btn--sm" to={`/admin-pre-order-list-condensed/${encodeURIComponent(batchId)}`}>
              Condensed list
            </Link>
          ) : null}
          <Link
            className="btn btn--ghost btn--sm"
            to={batchId ? `${SHOP_PATHS[variant]}?batch=${encodeURIComponent(batchId)}` : SHOP_PATHS[variant]}
          >
            View in shop
          </Link>
        </>
      }
    />
  );
}

/** /admin-zero-stock-list: the items with none left (one call of up to 9,999, drawn as they come into view). */
export function ZeroStockScreen() {
  const query = useZeroStock();
  const items = query.data ?? [];
  return (
    <div className="admin-screen">
      <ScreenHeader title="Zero Stock" description="Items with no copies left.">
        <RefreshButton keyPart={['admin', 'zero-stock']} label="Zero Stock" />
      </ScreenHeader>
      <QueryState query={query} label="zero stock" isEmpty={items.length === 0} empty={<p>No items at zero.</p>}>
        <p className="muted admin-count" role="status">
          {count(items.length)} item{items.length === 1 ? '' : 's'} at zero
        </p>
        <AdminStockGrid items={items} label="Zero Stock" />
      </QueryState>
    </div>
  );
}

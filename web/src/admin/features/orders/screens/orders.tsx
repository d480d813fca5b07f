import { useMemo, useState } from 'react';
import { LoadMore, QueryState, ScreenHeader, useReveal } from '../../../components/admin-ui';
import { AdminOrderCard } from '../components/order-card';
import { orderCustomerName, orderEmail, orderNumber } from '../lib/orders';
import type { AdminOrder } from '../../../types';
import { useOrderList, type OrderListKind } from '../api/get-order-list';

const TITLES: Record<OrderListKind, { title: string; description: string; empty: string }> = {
  awaiting: {
    title: 'Orders Awaiting Postage',
    description: 'Complete orders to post: add the tracking number, or mark as posted.',
    empty: 'Nothing to post.',
  },
  complete: { title: 'Complete Orders', description: 'Paid orders, newest first.', empty: 'No complete orders.' },
  adhoc: { title: 'Ad-hoc Orders', description: 'In-person sales.', empty: 'No ad-hoc orders.' },
  all: { title: 'All Orders', description: 'Every order, current and complete.', empty: 'No orders.' },
  processed: {
    title: 'eBay Orders Processed',
    description: 'Marketplace orders brought into the shop.',
    empty: 'No processed marketplace orders.',
  },
};

function orderTime(order: AdminOrder): number {
  return new Date(order.completedDate ?? order.createdAt ?? order.date ?? 0).getTime() || 0;
}

function matches(order: AdminOrder, filter: string): boolean {
  if (!filter) return true;
  const text = `${orderNumber(order)} ${orderCustomerName(order)} ${orderEmail(order)} ${order.trackingNumber ?? ''}`.toLowerCase();
  return text.includes(filter);
}

/** The order lists: awaiting postage, complete, ad-hoc, all, and marketplace orders processed. */
export function OrderListScreen({ kind }: { kind: OrderListKind }) {
  const query = useOrderList(kind);
  const [filter, setFilter] = useState('');
  const copy = TITLES[kind];
  const needle = filter.trim().toLowerCase();
  const orders = useMemo(
    () => [...(query.data ?? [])].sort((a, b) => orderTime(b) - orderTime(a)).filter((o) => matches(o, needle)),
    [query.data, needle],
  );
  const reveal = useReveal(orders, `${kind}:${needle}`);
  return (
    <div className="admin-screen">
      <ScreenHeader title={copy.title} description={copy.description}>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
          aria-label={`Refresh ${copy.title}`}
        >
          {query.isFetching && !query.isLoading ? 'Refreshing…' : 'Refresh'}
        </button>
      </ScreenHeader>
      <div className="field admin-filter">
        <label className="field__label" htmlFor={`order-filter-${kind}`}>
          Filter by number, name, email or tracking
        </label>
        <input
          id={`order-filter-${kind}`}
          className="input"
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          autoComplete="off"
        />
      </div>
      <QueryState query={query} label="orders" isEmpty={orders.length === 0} empty={<p>{needle ? 'No orders match.' : copy.empty}</p>}>
        <p className="muted admin-count" role="status">
          {orders.length} order{orders.length === 1 ? '' : 's'}
        </p>
        <h2 className="visually-hidden">{copy.title}</h2>
        <ul className="order-list">
          {reveal.visible.map((order) => (
            <li key={order._id}>
              <AdminOrderCard order={order} actions={kind !== 'processed'} />
            </li>
          ))}
        </ul>
        <LoadMore count={reveal.visible.length} label="orders" hasMore={reveal.hasMore} loading={false} onLoadMore={reveal.more} />
      </QueryState>
    </div>
  );
}

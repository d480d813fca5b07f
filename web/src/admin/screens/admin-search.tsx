import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { InlineMessage, QueryState, ScreenHeader } from '../components/admin-ui';
import { AdminOrderCard } from '../features/orders/components/order-card';
import { AdminStockGrid } from '../features/stock/components/stock-grid';
import { useAdminSearch } from '../features/stock/api/search-admin-stock';

/** /admin-search-stock: GET /admin-search-stock/{term} -> {comics, orders}; the term is kept in ?q=. */
export function AdminSearchScreen() {
  const { accessToken } = useSession();
  const [params, setParams] = useSearchParams();
  const term = params.get('q') ?? '';
  const [text, setText] = useState(term);
  const query = useAdminSearch(accessToken ? term : '');
  const comics = query.data?.comics ?? [];
  const orders = query.data?.orders ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (text.trim()) next.set('q', text.trim());
    else next.delete('q');
    setParams(next);
  };

  return (
    <div className="admin-screen">
      <ScreenHeader title="Search Stock" description="Stock by description, image id or publisher; orders by customer, email or number." />
      <form className="admin-inline-form admin-search" role="search" aria-label="Admin search" onSubmit={submit}>
        <div className="field">
          <label className="field__label" htmlFor="admin-search-term">
            Search term
          </label>
          <input
            id="admin-search-term"
            className="input"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
        </div>
        <button type="submit" className="btn btn--primary" disabled={!text.trim()}>
          Search stock
        </button>
      </form>
      {!accessToken ? <InlineMessage tone="error">needs user</InlineMessage> : null}
      {term && accessToken ? (
        <QueryState
          query={query}
          label="search results"
          isEmpty={comics.length === 0 && orders.length === 0}
          empty={<p>Nothing found for “{term}”.</p>}
        >
          {comics.length ? (
            <section aria-labelledby="search-stock-heading" className="admin-section">
              <h2 id="search-stock-heading" className="section-title">
                Stock ({comics.length})
              </h2>
              <AdminStockGrid items={comics} label={`Stock matching ${term}`} />
            </section>
          ) : null}
          {orders.length ? (
            <section aria-labelledby="search-orders-heading" className="admin-section">
              <h2 id="search-orders-heading" className="section-title">
                Orders ({orders.length})
              </h2>
              <ul className="order-list">
                {orders.map((order) => (
                  <li key={order._id}>
                    <AdminOrderCard order={order} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </QueryState>
      ) : null}
    </div>
  );
}

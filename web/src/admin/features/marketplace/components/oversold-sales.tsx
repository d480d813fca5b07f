import { useId, useState } from 'react';
import { formatDateTime } from '../../../../lib/dates';
import { Facts, InlineMessage, QueryState, useFail, useSuccess } from '../../../components/admin-ui';
import type { EbaySync, OversoldSale } from '../../../types';
import { useOversold } from '../api/get-oversold';
import { useResolveOversold } from '../api/resolve-oversold';

const RESOLUTION_WORDS = { 'ebay-order-cancelled': 'eBay order cancelled', refunded: 'Refunded' } as const;

function otherSaleWords(sale: OversoldSale['otherSale']): string {
  if (!sale) return 'Not found (stock taken another way)';
  const order =
    sale.channel === 'site' ? `Site order ${sale.publicId !== null ? `#${sale.publicId}` : ''}` : `eBay order ${sale.externalId ?? ''}`;
  return `${order.trim()}, ${formatDateTime(sale.soldAt)}`;
}

function syncWords(sync: EbaySync): string {
  const every = sync.salesPullEverySeconds % 60 === 0 ? `${sync.salesPullEverySeconds / 60} min` : `${sync.salesPullEverySeconds} s`;
  const pushed = sync.lastPushedAt ? `last quantity update ${formatDateTime(sync.lastPushedAt)}` : 'no quantity updates yet';
  return `${sync.listed} listed item${sync.listed === 1 ? '' : 's'}: ${sync.pending} waiting to go to eBay, ${sync.failed} refused by eBay; ${pushed}. eBay's sales come in every ${every}.`;
}

function OversoldCard({ sale }: { sale: OversoldSale }) {
  const resolve = useResolveOversold();
  const fail = useFail();
  const success = useSuccess();
  const noteId = useId();
  const [note, setNote] = useState('');
  const label = `eBay order ${sale.externalId}`;
  const settle = (resolution: keyof typeof RESOLUTION_WORDS) =>
    resolve.mutate(
      { orderId: sale.orderId, resolution, note },
      { onSuccess: (answer) => success(answer.message), onError: (error) => fail(error) },
    );
  return (
    <article className="card order-card admin-order oversold-card" aria-label={`Oversold: ${sale.name}, ${label}`}>
      <header className="order-card__head admin-order__head">
        <div>
          <h3 className="order-card__title">{sale.name}</h3>
          <p className="muted">
            {label} (#{sale.publicId}) · {sale.buyerUsername}
          </p>
        </div>
        <div className="admin-order__pills">
          {sale.resolution ? (
            <span className="pill pill--ok">{RESOLUTION_WORDS[sale.resolution]}</span>
          ) : (
            <span className="pill pill--warn">Oversold</span>
          )}
        </div>
      </header>
      <Facts
        items={[
          ['eBay sale', formatDateTime(sale.soldAt)],
          ['Other sale', otherSaleWords(sale.otherSale)],
          ['Later sale', sale.laterSale === 'ebay' ? 'eBay' : 'Site'],
          ['Copies', String(sale.oversold)],
        ]}
      />
      {sale.resolution ? (
        <p className="muted">
          Settled {sale.resolvedAt ? formatDateTime(sale.resolvedAt) : ''}
          {sale.note ? `: ${sale.note}` : ''}
        </p>
      ) : (
        <>
          <InlineMessage tone="info">{sale.advice}</InlineMessage>
          <div className="admin-order__actions">
            <div className="field">
              <label className="field__label" htmlFor={noteId}>
                Note (optional)
              </label>
              <input id={noteId} className="input" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
            </div>
            <div className="admin-order__buttons" role="group" aria-label={`Settle ${label}`}>
              <button
                type="button"
                className="btn btn--primary btn--sm"
                disabled={resolve.isPending}
                onClick={() => settle('ebay-order-cancelled')}
              >
                eBay order cancelled
              </button>
              <button type="button" className="btn btn--secondary btn--sm" disabled={resolve.isPending} onClick={() => settle('refunded')}>
                Refunded
              </button>
            </div>
          </div>
        </>
      )}
    </article>
  );
}

/** The admin eBay screen's oversold sales: both channels sold the last copy; what to do, and what was done. */
export function OversoldSales() {
  const query = useOversold();
  const sales = query.data?.oversold ?? [];
  return (
    <section className="card admin-section" aria-labelledby="ebay-oversold">
      <h2 id="ebay-oversold" className="section-title">
        Oversold sales {query.data && query.data.open > 0 ? <span className="pill pill--warn">{query.data.open} to settle</span> : null}
      </h2>
      {query.data ? <p className="muted">{syncWords(query.data.sync)}</p> : null}
      <QueryState
        query={query}
        label="oversold sales"
        isEmpty={sales.length === 0}
        empty={<p>No oversold eBay sales: every copy sold once.</p>}
      >
        <div className="order-list">
          {sales.map((sale) => (
            <OversoldCard key={`${sale.orderId}:${sale.stockItemId}`} sale={sale} />
          ))}
        </div>
      </QueryState>
    </section>
  );
}

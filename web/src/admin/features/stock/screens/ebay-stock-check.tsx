import { useState } from 'react';
import { errorMessage } from '../../../../lib/api';
import { InlineMessage, QueryState, ScreenHeader } from '../../../components/admin-ui';
import type { StockCheckRow } from '../../../types';
import { useEbayStockCheck } from '../api/get-ebay-stock-check';

function rowComicId(row: StockCheckRow): string {
  if (!row.comic) return '';
  return typeof row.comic === 'string' ? row.comic : row.comic.comicId || row.comic._id;
}

/** /admin-ebay-check-stock: the shop's quantities against the marketplace's. */
export function EbayStockCheckScreen() {
  const [started, setStarted] = useState(false);
  const [mismatchOnly, setMismatchOnly] = useState(true);
  const query = useEbayStockCheck(started);
  const rows = query.data?.stockCheck ?? [];
  const mismatched = rows.filter((r) => r.ioaQuantity !== r.ebayQuantity);
  const shown = mismatchOnly ? mismatched : rows;
  return (
    <div className="admin-screen">
      <ScreenHeader title="eBay Stock Check" description="Compares each listed item's quantity in the shop with its quantity on eBay.">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={query.isFetching}
          onClick={() => (started ? void query.refetch() : setStarted(true))}
        >
          {query.isFetching ? 'Checking…' : started ? 'Check again' : 'Run stock check'}
        </button>
        {rows.length ? (
          <button type="button" className="btn btn--ghost btn--sm" aria-pressed={mismatchOnly} onClick={() => setMismatchOnly((v) => !v)}>
            Differences only
          </button>
        ) : null}
      </ScreenHeader>
      {query.isError ? <InlineMessage tone="error">{errorMessage(query.error)}</InlineMessage> : null}
      {query.data?.message ? <InlineMessage tone="info">{query.data.message}</InlineMessage> : null}
      {started && !query.isError ? (
        <QueryState
          query={query}
          label="the stock check"
          isEmpty={shown.length === 0}
          empty={<p>{mismatchOnly && rows.length ? 'Every quantity matches.' : 'Nothing listed.'}</p>}
        >
          <p className="muted admin-count" role="status">
            {mismatched.length} of {rows.length} differ
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Type</th>
                  <th scope="col">Image id</th>
                  <th scope="col" className="num">
                    Shop
                  </th>
                  <th scope="col" className="num">
                    eBay
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row, index) => (
                  <tr key={`${row.name}-${index}`} className={row.ioaQuantity !== row.ebayQuantity ? 'is-behind' : undefined}>
                    <th scope="row">{row.name}</th>
                    <td>{row.type ?? ''}</td>
                    <td>
                      <code>{rowComicId(row)}</code>
                    </td>
                    <td className="num">{row.ioaQuantity}</td>
                    <td className="num">{row.ebayQuantity}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </QueryState>
      ) : null}
    </div>
  );
}

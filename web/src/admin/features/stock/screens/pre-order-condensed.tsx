import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../../../../lib/money';
import { QueryState, ScreenHeader, useFail } from '../../../components/admin-ui';
import type { AdminComic } from '../../../types';
import { useQueryClient } from '@tanstack/react-query';
import { useAdminBatches } from '../../../api/get-admin-batches';
import { useEditStock } from '../api/edit-stock';
import { usePreOrderStock } from '../api/get-pre-order-stock';

/** /admin-pre-order-list-condensed/{batchId}: selected, description, publisher, price; Hide/Show Not Selected. */
export function PreOrderCondensedScreen() {
  const { batchId = '' } = useParams();
  const query = usePreOrderStock(batchId);
  const { data: batches = [] } = useAdminBatches();
  const batch = batches.find((b) => b._id === batchId);
  const [hideNotSelected, setHideNotSelected] = useState(false);
  const edit = useEditStock();
  const fail = useFail();
  const queryClient = useQueryClient();
  const items = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(() => (hideNotSelected ? items.filter((i) => i.selected) : items), [items, hideNotSelected]);
  const selectedCount = items.filter((i) => i.selected).length;

  const toggle = (item: AdminComic, selected: boolean) => {
    queryClient.setQueryData<AdminComic[]>(['admin', 'pre-stock', batchId], (list) =>
      list?.map((i) => (i._id === item._id ? { ...i, selected } : i)),
    );
    edit.mutate(
      { id: item._id, changes: { selected } },
      {
        onError: (error) => {
          queryClient.setQueryData<AdminComic[]>(['admin', 'pre-stock', batchId], (list) =>
            list?.map((i) => (i._id === item._id ? { ...i, selected: !selected } : i)),
          );
          fail(error, 'Error! Stock not updated');
        },
      },
    );
  };

  return (
    <div className="admin-screen">
      <ScreenHeader
        title={`Pre-Order Condensed${batch ? `: ${batch.name}` : ''}`}
        description={`${selectedCount} of ${items.length} selected.`}
      >
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          aria-pressed={hideNotSelected}
          onClick={() => setHideNotSelected((v) => !v)}
        >
          {hideNotSelected ? 'Show Not Selected' : 'Hide Not Selected'}
        </button>
        <Link className="btn btn--ghost btn--sm" to={`/admin-pre-order-list/${encodeURIComponent(batchId)}`}>
          Full list
        </Link>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => void query.refetch()}
          aria-label="Refresh Pre-Order Condensed"
        >
          Refresh
        </button>
      </ScreenHeader>
      <QueryState
        query={query}
        label="pre-orders"
        isEmpty={shown.length === 0}
        empty={<p>{hideNotSelected ? 'Nothing selected yet.' : 'No items in this batch.'}</p>}
      >
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Pre-order items{batch ? ` of ${batch.name}` : ''}</caption>
            <thead>
              <tr>
                <th scope="col">Selected</th>
                <th scope="col">Description</th>
                <th scope="col">Publisher</th>
                <th scope="col" className="num">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((item) => {
                const title = [item.mainDescription, item.variantDescription].filter(Boolean).join(' ');
                return (
                  <tr key={item._id} className={item.selected ? 'is-selected' : undefined}>
                    <td>
                      <input
                        type="checkbox"
                        className="admin-native-check"
                        checked={Boolean(item.selected)}
                        onChange={(e) => toggle(item, e.target.checked)}
                        aria-label={`Selected: ${title}`}
                      />
                    </td>
                    <td>{title}</td>
                    <td>{item.publisher}</td>
                    <td className="num">{formatMoney(item.price)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </QueryState>
    </div>
  );
}

import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FOC_DISTRIBUTOR_LABELS } from '@shop/domain/pullLists/pullListSchemas';
import { formatDateTime } from '../../../../lib/dates';
import { InlineMessage, QueryState, ScreenHeader, SelectField, useFail, useSuccess } from '../../../components/admin-ui';
import { useAdjustFocTotals } from '../api/adjust-foc-totals';
import { useExportFocOrder } from '../api/export-foc-order';
import { useFocWorksheet, type FocDistributor } from '../api/get-foc-worksheet';
import { changedTotals, nextFocGuess } from '../lib/worksheet';
import '../pull-lists.css';

const DISTRIBUTORS = Object.keys(FOC_DISTRIBUTOR_LABELS) as FocDistributor[];

function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** /admin-foc: the distributor order worksheet of a FOC date: figures, the admin's totals, export. */
export function FocWorksheetScreen() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? nextFocGuess(new Date());
  const distributor = (DISTRIBUTORS.find((d) => d === params.get('distributor')) ?? 'lunar') as FocDistributor;
  const sheet = useFocWorksheet(date, distributor);
  const adjust = useAdjustFocTotals();
  const exporter = useExportFocOrder();
  const fail = useFail();
  const success = useSuccess();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const lines = sheet.data?.lines ?? [];
  const changes = changedTotals(lines, edits);
  const set = (next: { date?: string; distributor?: string }) => {
    setEdits({});
    setParams({ date: next.date ?? date, distributor: next.distributor ?? distributor }, { replace: true });
  };
  const totals = lines.reduce(
    (s, l) => ({
      subscriptions: s.subscriptions + l.subscriptions,
      preOrders: s.preOrders + l.preOrders,
      shelf: s.shelf + l.shelf,
      total: s.total + l.total,
    }),
    { subscriptions: 0, preOrders: 0, shelf: 0, total: 0 },
  );

  const save = () => adjust.mutate({ date, distributor, totals: changes }, { onSuccess: () => setEdits({}), onError: (e) => fail(e) });
  const exportFile = () =>
    exporter.mutate(
      { date, distributor },
      {
        onSuccess: (csv) => {
          download(`${distributor}-order-foc-${date}.csv`, csv);
          success(`Exported the ${FOC_DISTRIBUTOR_LABELS[distributor]} order for FOC ${date}.`);
        },
        onError: (e) => fail(e),
      },
    );

  return (
    <div className="admin-screen foc-sheet">
      <ScreenHeader
        title="FOC Worksheet"
        description="What to order from a distributor by a final order cut-off: subscriptions (reserved and awaiting), pre-orders on paid orders and the series' shelf copies. Change a total to order more or fewer."
      />
      <div className="admin-filters foc-sheet__filters">
        <div className="field">
          <label className="field__label" htmlFor="foc-date">
            FOC date
          </label>
          <input
            id="foc-date"
            className="input"
            type="date"
            value={date}
            onChange={(e) => e.target.value && set({ date: e.target.value })}
          />
        </div>
        <SelectField label="Distributor" value={distributor} onChange={(e) => set({ distributor: e.target.value })}>
          {DISTRIBUTORS.map((d) => (
            <option key={d} value={d}>
              {FOC_DISTRIBUTOR_LABELS[d]}
            </option>
          ))}
        </SelectField>
      </div>
      <QueryState
        query={sheet}
        label="the worksheet"
        isEmpty={lines.length === 0}
        empty={<p>No {FOC_DISTRIBUTOR_LABELS[distributor]} items have their final order cut-off on this date.</p>}
      >
        <div className="admin-table-wrap">
          <table className="admin-table foc-sheet__table">
            <caption className="visually-hidden">
              {FOC_DISTRIBUTOR_LABELS[distributor]} order for FOC {date}
            </caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="num">
                  Subs
                </th>
                <th scope="col" className="num">
                  Pre-orders
                </th>
                <th scope="col" className="num">
                  Shelf
                </th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.stockId} className={l.adjusted ? 'is-adjusted' : undefined}>
                  <th scope="row">
                    <span className="foc-sheet__title">{l.title}</span>
                    <span className="muted foc-sheet__code">{l.comicId}</span>
                  </th>
                  <td className="num" data-label="Subs">
                    {l.subscriptions}
                  </td>
                  <td className="num" data-label="Pre-orders">
                    {l.preOrders}
                  </td>
                  <td className="num" data-label="Shelf">
                    {l.shelf}
                  </td>
                  <td className="num" data-label="Total">
                    <input
                      className="input foc-sheet__total"
                      type="number"
                      min={0}
                      max={9999}
                      inputMode="numeric"
                      aria-label={`Total of ${l.title} (suggested ${l.suggested})`}
                      value={edits[l.stockId] ?? String(l.total)}
                      onChange={(e) => setEdits((all) => ({ ...all, [l.stockId]: e.target.value }))}
                    />
                    {l.adjusted ? <span className="foc-sheet__suggested muted">suggested {l.suggested}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{lines.length === 1 ? '1 item' : `${lines.length} items`}</th>
                <td className="num">{totals.subscriptions}</td>
                <td className="num">{totals.preOrders}</td>
                <td className="num">{totals.shelf}</td>
                <td className="num">{totals.total}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <div className="foc-sheet__actions">
          <button type="button" className="btn btn--primary" disabled={changes.length === 0 || adjust.isPending} onClick={save}>
            Save totals{changes.length > 0 ? ` (${changes.length})` : ''}
          </button>
          <button type="button" className="btn btn--secondary" disabled={exporter.isPending || changes.length > 0} onClick={exportFile}>
            Export {FOC_DISTRIBUTOR_LABELS[distributor]} CSV
          </button>
          {changes.length > 0 ? <InlineMessage tone="info">Save your totals before exporting.</InlineMessage> : null}
        </div>
        {sheet.data?.exports.length ? (
          <section className="foc-sheet__exports" aria-labelledby="foc-exports">
            <h2 id="foc-exports" className="section-title">
              Exports
            </h2>
            <ul>
              {sheet.data.exports.map((e) => (
                <li key={e.exportId}>
                  {formatDateTime(e.at)} by {e.byEmail}: {e.fileName}, {e.lineCount} lines, {e.copies} copies
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </QueryState>
    </div>
  );
}

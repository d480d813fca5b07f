import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useNotify } from '../../../../components/ui/notify';
import { formatDate } from '../../../../lib/dates';
import { formatMoney } from '../../../../lib/money';
import { errorMessage } from '../../../../lib/api';
import { BATCH_TYPE_LABELS, batchFormFromBatch, emptyBatchForm, isPreBatch, normaliseBatchType } from '../lib/batch-form';
import { ConfirmDelete, Facts, QueryState, ScreenHeader, useFail } from '../../../components/admin-ui';
import { BatchForm } from '../components/batch-form';
import { StockUploadForm } from '../components/stock-upload-form';
import type { AdminBatch } from '../../../types';
import { useAddBatch } from '../api/add-batch';
import { useAdminBatches } from '../../../api/get-admin-batches';
import { useClearBatchStock } from '../api/clear-batch-stock';
import { useDeleteBatch } from '../api/delete-batch';
import { useEditBatch } from '../api/edit-batch';
import { type DeleteOutcome } from '../lib/delete-request';
import { SUPPLIER_LABELS, VARIANTS, variantForItem } from '../../../lib/variants';

type Panel = 'view' | 'edit' | 'upload' | null;

function useDeletedNotice() {
  const notify = useNotify();
  return (outcome: DeleteOutcome, what: string) =>
    outcome === 'not-deleted'
      ? notify({ title: 'NOT Deleted', message: 'Batch has NOT been deleted.', tone: 'error' })
      : notify({ title: 'Deleted!', message: what, tone: 'success' });
}

function BatchCard({ batch }: { batch: AdminBatch }) {
  const [panel, setPanel] = useState<Panel>(null);
  const edit = useEditBatch();
  const remove = useDeleteBatch();
  const clear = useClearBatchStock();
  const fail = useFail();
  const notify = useNotify();
  const deleted = useDeletedNotice();
  const type = normaliseBatchType(batch.type);
  const pre = isPreBatch(batch);
  const variant = variantForItem({ itemType: batch.itemType ?? (type === 'game' ? 'game' : 'comic'), periodType: batch.periodType });
  const listPath = `${VARIANTS[variant].listPath}/${encodeURIComponent(batch._id)}`;
  const toggle = (next: Exclude<Panel, null>) => setPanel((current) => (current === next ? null : next));
  const toggleButton = (which: Exclude<Panel, null>, label: string) => (
    <button
      type="button"
      className="btn btn--secondary btn--sm"
      aria-pressed={panel === which}
      aria-label={`${label} ${batch.name}`}
      onClick={() => toggle(which)}
    >
      {label}
    </button>
  );

  return (
    <article className="card admin-batch" aria-label={`Batch ${batch.name}`}>
      <header className="admin-batch__head">
        <h3 className="order-card__title">{batch.name}</h3>
        <div className="admin-order__pills">
          <span className="pill">{BATCH_TYPE_LABELS[type]}</span>
          {batch.default ? <span className="pill pill--ok">Default</span> : null}
          {batch.hideHomePage ? <span className="pill">Hidden from home page</span> : null}
        </div>
      </header>
      <Facts
        items={[
          ['Publish date', formatDate(batch.publishDate) || '—'],
          batch.cutOffDate ? ['Cut-off', formatDate(batch.cutOffDate)] : null,
          ['Purchase value', formatMoney(batch.value)],
          batch.discountPercent ? ['Discount', `${batch.discountPercent}%`] : null,
        ]}
      />
      <div className="admin-batch__actions" role="group" aria-label={`Actions for batch ${batch.name}`}>
        {toggleButton('view', 'View')}
        {toggleButton('edit', 'Edit')}
        {pre ? toggleButton('upload', 'Upload') : null}
        <Link className="btn btn--ghost btn--sm" to={listPath} aria-label={`Stock of ${batch.name}`}>
          Stock
        </Link>
        {pre ? (
          <Link
            className="btn btn--ghost btn--sm"
            to={`/admin-pre-order-list-condensed/${encodeURIComponent(batch._id)}`}
            aria-label={`Condensed list of ${batch.name}`}
          >
            Condensed
          </Link>
        ) : null}
        <ConfirmDelete
          confirmLabel="Yes, clear its stock"
          trigger={
            <button type="button" className="btn btn--ghost btn--sm" disabled={clear.isPending} aria-label={`Clear stock of ${batch.name}`}>
              Clear stock
            </button>
          }
          onConfirm={() =>
            clear.mutate(batch._id, {
              onSuccess: (outcome) => deleted(outcome, `The stock of ${batch.name} has been cleared.`),
              onError: (e) => fail(e),
            })
          }
        />
        <ConfirmDelete
          trigger={
            <button
              type="button"
              className="btn btn--ghost btn--sm stock-card__delete"
              disabled={remove.isPending}
              aria-label={`Delete batch ${batch.name}`}
            >
              Delete
            </button>
          }
          onConfirm={() =>
            remove.mutate(batch._id, {
              onSuccess: (outcome) => deleted(outcome, `Batch ${batch.name} has been deleted.`),
              onError: (e) => fail(e),
            })
          }
        />
      </div>
      {panel === 'view' ? (
        <Facts
          className="admin-batch__details"
          items={[
            ['Id', batch._id],
            ['Item type', batch.itemType ?? '—'],
            ['Period', batch.periodType ?? '—'],
            ['Supplier', batch.supplierType ? SUPPLIER_LABELS[batch.supplierType] : '—'],
            ['Discount', `${batch.discountPercent ?? 0}%`],
            ['Hidden from home page', batch.hideHomePage ? 'Yes' : 'No'],
            ['Default', batch.default ? 'Yes' : 'No'],
          ]}
        />
      ) : null}
      {panel === 'edit' ? (
        <BatchForm
          initial={batchFormFromBatch(batch)}
          submitLabel="Save batch"
          busy={edit.isPending}
          context={batch.name}
          onCancel={() => setPanel(null)}
          onSubmit={(payload) =>
            edit.mutate(
              { id: batch._id, changes: payload },
              {
                onSuccess: () => {
                  notify({ title: 'Success', message: 'Batch saved', tone: 'success' });
                  setPanel(null);
                },
                onError: (e) => fail(e),
              },
            )
          }
        />
      ) : null}
      {panel === 'upload' && pre ? <StockUploadForm batchName={batch.name} context={`for ${batch.name}`} /> : null}
    </article>
  );
}

/** /admin-batch-list: the batch cards. */
export function BatchListScreen() {
  const query = useAdminBatches();
  const batches = query.data ?? [];
  return (
    <div className="admin-screen">
      <ScreenHeader title="Batches">
        <Link className="btn btn--primary btn--sm" to="/admin-add-batch">
          Add Batch
        </Link>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void query.refetch()} aria-label="Refresh Batches">
          Refresh
        </button>
      </ScreenHeader>
      <QueryState query={query} label="batches" isEmpty={batches.length === 0} empty={<p>No batches yet.</p>}>
        <h2 className="visually-hidden">Batch cards</h2>
        <ul className="admin-list">
          {batches.map((batch) => (
            <li key={batch._id}>
              <BatchCard batch={batch} />
            </li>
          ))}
        </ul>
      </QueryState>
    </div>
  );
}

/** /admin-add-batch. */
export function AddBatchScreen() {
  const add = useAddBatch();
  const notify = useNotify();
  const navigate = useNavigate();
  const [initial] = useState(() => emptyBatchForm());
  return (
    <div className="admin-screen">
      <ScreenHeader title="Add Batch" description="The publish date defaults to 21 days ahead." />
      <section className="card" aria-label="Add Batch">
        <BatchForm
          initial={initial}
          submitLabel="Add batch"
          busy={add.isPending}
          onSubmit={(payload) =>
            add.mutate(payload, {
              onSuccess: () => {
                notify({ title: 'Success', message: `Batch ${payload.name} added`, tone: 'success' });
                navigate('/admin-batch-list');
              },
              onError: (error) => notify({ title: 'Fail', message: errorMessage(error), tone: 'error' }),
            })
          }
        />
      </section>
    </div>
  );
}

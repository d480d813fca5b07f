import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../components/ui/field';
import { errorMessage, extractMessage } from '../../lib/api';
import { useAdminBatches } from '../api/batches';
import { useJob } from '../api/misc';
import { useBatchJob, useEbayStockCheck, useUpdateTransactions } from '../api/marketplace';
import { uploadFile } from '../api/upload';
import { describeValue, isJobFinished, MARKETPLACE_QUEUE, progressCounts, progressPercent } from '../lib/jobs';
import { DEFAULT_UPLOAD_QUANTITY, parseQuantity } from '../lib/quantity';
import { InlineMessage, ProgressBar, QueryState, ScreenHeader, SelectField } from '../components/admin-ui';
import { LineErrors } from '../components/line-errors';
import { AdminStockGrid } from '../components/stock-grid';
import type { AdminComic, SalesUploadResult, StockCheckRow } from '../types';

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
        <QueryState query={query} label="the stock check" isEmpty={shown.length === 0} empty={<p>{mismatchOnly && rows.length ? 'Every quantity matches.' : 'Nothing listed.'}</p>}>
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

/** /admin-ebay-sales-upload: a marketplace sales CSV to PUT /add-ebay-sales (multipart `file`). */
export function EbaySalesUploadScreen() {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<SalesUploadResult | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    setResult(null);
    setProgress(0);
    try {
      const response = await uploadFile<SalesUploadResult>('/add-ebay-sales', file, { method: 'PUT', onProgress: (p) => setProgress(p.percent) });
      if (response.status === 200) {
        setResult(response.data ?? {});
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
        void queryClient.invalidateQueries({ queryKey: ['admin'] });
      } else {
        const detail = extractMessage(response.data, '');
        setError(`Error! Todo not saved ${response.status}${detail ? ` — ${detail}` : ''}`);
      }
    } catch (caught) {
      setError(`Error! Todo not saved — ${errorMessage(caught)}`);
    } finally {
      setBusy(false);
    }
  };

  const comics: AdminComic[] = result?.comics ?? [];
  return (
    <div className="admin-screen">
      <ScreenHeader title="eBay Sales Upload" description="Rows of type Order with an item title are recorded as sales; stock goes down by the quantity sold." />
      <section className="card" aria-label="Upload eBay sales">
        <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
          <div className="field">
            <label className="field__label" htmlFor="ebay-sales-file">
              eBay sales file (CSV)
            </label>
            <input
              id="ebay-sales-file"
              ref={fileInput}
              className="input admin-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          <div className="form-actions form-actions--start">
            <button type="submit" className="btn btn--primary" disabled={busy || !file}>
              {busy ? 'Uploading…' : 'Upload sales'}
            </button>
          </div>
          {busy ? <ProgressBar label="Upload progress" value={progress} /> : null}
          {error ? <InlineMessage tone="error">{error}</InlineMessage> : null}
        </form>
      </section>
      {result ? (
        <section className="admin-section" aria-labelledby="sales-result">
          <h2 id="sales-result" className="section-title">
            Result
          </h2>
          <InlineMessage tone="success">
            {result.message || 'Sales uploaded.'}
            {typeof result.recorded === 'number' ? ` Recorded ${result.recorded}.` : ''}
            {typeof result.skipped === 'number' ? ` Skipped ${result.skipped}.` : ''}
          </InlineMessage>
          <LineErrors errors={result.errors ?? []} />
          {comics.length ? <AdminStockGrid items={comics} label="Items sold" /> : null}
        </section>
      ) : null}
    </div>
  );
}

function JobProgress({ queue, id, label }: { queue: string; id: string; label: string }) {
  const job = useJob(queue, id, isJobFinished);
  const state = job.data?.state ?? 'waiting';
  const percent = progressPercent(job.data?.progress);
  const finished = isJobFinished(state);
  const counts = progressCounts(job.data?.progress);
  return (
    <div className="admin-job-progress" aria-label={`${label} job ${id}`} role="group">
      <p>
        Job <code>{id}</code> on {queue}: <strong role="status">{state}</strong>
      </p>
      {!finished ? <ProgressBar label={`${label} progress`} value={percent} /> : null}
      {counts ? <p className="muted">{counts}</p> : null}
      {job.isError ? <InlineMessage tone="error">{errorMessage(job.error)}</InlineMessage> : null}
      {state === 'failed' ? <InlineMessage tone="error">{job.data?.failedReason || 'The job failed.'}</InlineMessage> : null}
      {state === 'completed' && job.data?.result !== undefined ? <InlineMessage tone="success">{describeValue(job.data.result) || 'Done.'}</InlineMessage> : null}
    </div>
  );
}

interface StartedJob {
  queue: string;
  id: string;
  label: string;
}

/** /admin-ebay: update transactions, and upload or refresh a batch's listings (a background job, polled every second). */
export function EbayToolsScreen() {
  const { data: batches = [] } = useAdminBatches();
  const transactions = useUpdateTransactions();
  const batchJob = useBatchJob();
  const [batchName, setBatchName] = useState('');
  const [quantity, setQuantity] = useState(String(DEFAULT_UPLOAD_QUANTITY));
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [job, setJob] = useState<StartedJob | null>(null);
  const selected = batchName || batches[0]?.name || '';

  const runTransactions = (test: boolean) => {
    setMessage(null);
    transactions.mutate(test, {
      onSuccess: (data) => setMessage({ tone: 'success', text: data?.message || 'Transactions updated.' }),
      onError: (error) => setMessage({ tone: 'error', text: errorMessage(error) }),
    });
  };

  const runBatch = (action: 'upload' | 'refresh') => {
    const parsed = parseQuantity(quantity);
    if (parsed === null) {
      setQuantityError('Quantity must be a whole number of at least 1');
      return;
    }
    setQuantityError(null);
    if (!selected) {
      setMessage({ tone: 'error', text: 'Choose a batch.' });
      return;
    }
    setMessage(null);
    batchJob.mutate(
      { action, batchName: selected, quantity: parsed },
      {
        onSuccess: (data) => {
          setMessage({ tone: 'success', text: data?.message || `${action === 'upload' ? 'Upload' : 'Refresh'} of ${selected} started.` });
          if (data?.jobId !== undefined && data.jobId !== null && data.jobId !== '') {
            setJob({ queue: data.queue || MARKETPLACE_QUEUE, id: String(data.jobId), label: `${action === 'upload' ? 'Upload' : 'Refresh'} ${selected}` });
          }
        },
        onError: (error) => setMessage({ tone: 'error', text: errorMessage(error) }),
      },
    );
  };

  return (
    <div className="admin-screen">
      <ScreenHeader title="eBay" description="List batches on eBay, refresh their listings and bring in eBay's transactions." />
      {message ? <InlineMessage tone={message.tone}>{message.text}</InlineMessage> : null}
      <section className="card admin-section" aria-labelledby="ebay-transactions">
        <h2 id="ebay-transactions" className="section-title">
          Transactions
        </h2>
        <div className="form-actions form-actions--start">
          <button type="button" className="btn btn--primary" disabled={transactions.isPending} onClick={() => runTransactions(false)}>
            Update transactions
          </button>
          <button type="button" className="btn btn--ghost" disabled={transactions.isPending} onClick={() => runTransactions(true)}>
            Update transactions (test)
          </button>
          {transactions.isPending ? (
            <span className="field__hint" role="status">
              Working…
            </span>
          ) : null}
        </div>
      </section>
      <section className="card admin-section" aria-labelledby="ebay-batches">
        <h2 id="ebay-batches" className="section-title">
          Batch listings
        </h2>
        <div className="form-grid admin-form-grid">
          <SelectField label="Batch" value={selected} onChange={(e) => setBatchName(e.target.value)}>
            {batches.length === 0 ? <option value="">No batches</option> : null}
            {batches.map((b) => (
              <option key={b._id} value={b.name}>
                {b.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Quantity"
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            error={quantityError}
            hint={`How many items to handle (default ${DEFAULT_UPLOAD_QUANTITY})`}
          />
        </div>
        <div className="form-actions form-actions--start">
          <button type="button" className="btn btn--primary" disabled={batchJob.isPending} onClick={() => runBatch('upload')}>
            Upload batch
          </button>
          <button type="button" className="btn btn--secondary" disabled={batchJob.isPending} onClick={() => runBatch('refresh')}>
            Refresh batch
          </button>
        </div>
        {job ? <JobProgress key={`${job.queue}:${job.id}`} queue={job.queue} id={job.id} label={job.label} /> : null}
      </section>
    </div>
  );
}

import { useState } from 'react';
import { TextField } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/api';
import { useBatchJob } from '../api/start-batch-job';
import { describeValue, isJobFinished, MARKETPLACE_QUEUE, progressCounts, progressPercent } from '../../../lib/jobs';
import { DEFAULT_UPLOAD_QUANTITY, parseQuantity } from '../../../lib/quantity';
import { InlineMessage, ProgressBar, ScreenHeader, SelectField } from '../../../components/admin-ui';
import { useAdminBatches } from '../../../api/get-admin-batches';
import { useJob } from '../api/get-job';
import { useUpdateTransactions } from '../api/update-transactions';
import { OversoldSales } from '../components/oversold-sales';

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
      {state === 'completed' && job.data?.result !== undefined ? (
        <InlineMessage tone="success">{describeValue(job.data.result) || 'Done.'}</InlineMessage>
      ) : null}
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
            setJob({
              queue: data.queue || MARKETPLACE_QUEUE,
              id: String(data.jobId),
              label: `${action === 'upload' ? 'Upload' : 'Refresh'} ${selected}`,
            });
          }
        },
        onError: (error) => setMessage({ tone: 'error', text: errorMessage(error) }),
      },
    );
  };

  return (
    <div className="admin-screen">
      <ScreenHeader
        title="eBay"
        description="Listings follow the shop's stock by themselves and eBay's sales come in on a schedule; settle oversold sales, list batches, and bring in transactions by hand."
      />
      {message ? <InlineMessage tone={message.tone}>{message.text}</InlineMessage> : null}
      <OversoldSales />
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

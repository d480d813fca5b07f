import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage, extractMessage } from '../../../../lib/api';
import { uploadFile } from '../../../lib/upload-file';
import { InlineMessage, ProgressBar, ScreenHeader } from '../../../components/admin-ui';
import { LineErrors } from '../../../components/line-errors';
import { AdminStockGrid } from '../components/stock-grid';
import type { AdminComic, SalesUploadResult } from '../../../types';

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
      const response = await uploadFile<SalesUploadResult>('/add-ebay-sales', file, {
        method: 'PUT',
        onProgress: (p) => setProgress(p.percent),
      });
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
      <ScreenHeader
        title="eBay Sales Upload"
        description="Rows of type Order with an item title are recorded as sales; stock goes down by the quantity sold."
      />
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

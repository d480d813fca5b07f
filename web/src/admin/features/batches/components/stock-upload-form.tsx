import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../../../components/ui/field';
import { errorMessage, extractMessage } from '../../../../lib/api';
import { uploadFile } from '../../../lib/upload-file';
import { defaultBatchName } from '../lib/batch-name';
import type { StockUploadResult } from '../../../types';
import { InlineMessage, ProgressBar } from '../../../components/admin-ui';
import { LineErrors } from '../../../components/line-errors';
import { TextFileField } from '../../../components/text-file-field';

function batchLabel(batch: StockUploadResult['batch'] | undefined): string {
  return batch?.name ?? '';
}

/**
 * Uploads a Diamond CSV or a tab-separated stock file: POST /stock-upload (multipart `file`, optional
 * `batchName`) with upload progress; 201 shows what was imported, skipped and each line's error;
 * anything else 'Error! Todo not saved'.
 */
export function StockUploadForm({ batchName: fixedBatch, context }: { batchName?: string; context?: string }) {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [batchName, setBatchName] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Partial<StockUploadResult> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const suffix = context ? ` ${context}` : '';
  const placeholder = defaultBatchName();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose a file first.');
      return;
    }
    setBusy(true);
    setError(null);
    setResult(null);
    setProgress(0);
    try {
      const response = await uploadFile<StockUploadResult>('/stock-upload', file, {
        fields: { batchName: (fixedBatch ?? batchName).trim() || undefined },
        onProgress: (p) => setProgress(p.percent),
      });
      if (response.status === 201) {
        setResult(response.data);
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
        void queryClient.invalidateQueries({ queryKey: ['admin'] });
        void queryClient.invalidateQueries({ queryKey: ['all-batches'] });
      } else {
        const detail = extractMessage(response.data, '');
        setError(`Error! Todo not saved${detail ? ` — ${detail}` : ''} (${response.status})`);
        const maybe = response.data as Partial<StockUploadResult> | null;
        if (maybe && Array.isArray(maybe.errors))
          setResult({ imported: maybe.imported ?? 0, skipped: maybe.skipped ?? 0, errors: maybe.errors });
      }
    } catch (caught) {
      setError(`Error! Todo not saved — ${errorMessage(caught)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form-stack admin-upload" onSubmit={(e) => void submit(e)} noValidate>
      <TextFileField
        label={`Stock file${suffix}`}
        inputRef={fileInput}
        onFile={setFile}
        hint="A Diamond CSV (quantity, id, description, price, publisher…) or a tab-separated stock file (id, description, price, publisher, creators)."
      />
      {fixedBatch === undefined ? (
        <TextField
          label="Batch name"
          value={batchName}
          onChange={(e) => setBatchName(e.target.value)}
          placeholder={placeholder}
          hint={`Blank uses ${placeholder}.`}
          autoComplete="off"
        />
      ) : null}
      <div className="form-actions form-actions--start">
        <button type="submit" className="btn btn--primary" disabled={busy || !file} aria-label={`Upload stock file${suffix}`}>
          {busy ? 'Uploading…' : 'Upload'}
        </button>
      </div>
      {busy ? <ProgressBar label={`Upload progress${suffix}`} value={progress} /> : null}
      {error ? <InlineMessage tone="error">{error}</InlineMessage> : null}
      {result ? (
        <div className="admin-result">
          {error ? null : (
            <InlineMessage tone="success">
              Imported {result.imported ?? 0}, skipped {result.skipped ?? 0}
              {batchLabel(result.batch) ? ` into batch ${batchLabel(result.batch)}` : ''}.
            </InlineMessage>
          )}
          <LineErrors errors={result.errors ?? []} />
        </div>
      ) : null}
    </form>
  );
}

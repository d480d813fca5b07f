import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { StockUploadAnswer } from '@shop/domain/contract/admin';
import { TextField } from '../../../../components/ui/field';
import { errorMessage, extractMessage } from '../../../../lib/api';
import { uploadFile } from '../../../lib/upload-file';
import { InlineMessage, ProgressBar, SelectField } from '../../../components/admin-ui';
import { LineErrors } from '../../../components/line-errors';
import { TextFileField } from '../../../components/text-file-field';
import { useSupplierImport } from '../api/get-supplier-import';
import { importPercent, SUPPLIER_FORMATS, type SupplierFormat } from '../lib/supplier-import';

/**
 * A distributor's file (Lunar, PRH, Diamond, the stock file): POST /supplier-import answers at once
 * with a job id; the import's progress, counts and per-line errors come from GET /supplier-import/{jobId}.
 */
export function SupplierImportForm() {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<SupplierFormat>('lunar');
  const [batchName, setBatchName] = useState('');
  const [quantity, setQuantity] = useState('10');
  const [sending, setSending] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ message: string; errors: { line: number; reason: string }[] } | null>(null);
  const job = useSupplierImport(jobId);
  const progress = job.data;
  const result = progress?.done && progress.result && 'imported' in progress.result ? (progress.result as StockUploadAnswer) : null;

  useEffect(() => {
    if (!progress?.done) return;
    void queryClient.invalidateQueries({ queryKey: ['admin'], predicate: (q) => q.queryKey[1] !== 'supplier-import' });
    void queryClient.invalidateQueries({ queryKey: ['all-batches'] });
  }, [progress?.done, queryClient]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setRefused({ message: 'Choose a file first.', errors: [] });
    setSending(true);
    setRefused(null);
    setJobId(null);
    try {
      const response = await uploadFile<{ jobId?: string; message?: string; errors?: { line: number; reason: string }[] }>(
        '/supplier-import',
        file,
        { fields: { format, batchName: batchName.trim() || undefined, quantity: quantity.trim() || undefined } },
      );
      if (response.status === 202 && response.data.jobId) {
        setJobId(response.data.jobId);
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
      } else {
        setRefused({
          message: extractMessage(response.data, `The import was refused (${response.status})`),
          errors: response.data.errors ?? [],
        });
      }
    } catch (caught) {
      setRefused({ message: errorMessage(caught), errors: [] });
    } finally {
      setSending(false);
    }
  };

  const running = jobId !== null && !progress?.done;
  return (
    <form className="form-stack admin-upload" onSubmit={(e) => void submit(e)} noValidate>
      <div className="form-grid admin-form-grid">
        <SelectField label="Format" value={format} onChange={(e) => setFormat(e.target.value as SupplierFormat)}>
          {SUPPLIER_FORMATS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
        <TextFileField label="Supplier file" inputRef={fileInput} onFile={setFile} />
        <TextField
          label="Batch name"
          value={batchName}
          onChange={(e) => setBatchName(e.target.value)}
          hint="Blank: the distributor and the file's FOC date (Lunar, PRH) or the month (Diamond)"
          autoComplete="off"
        />
        <TextField
          label="Copies of each line"
          inputMode="numeric"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          hint="For lines the file gives no quantity"
        />
      </div>
      <div className="form-actions form-actions--start">
        <button type="submit" className="btn btn--primary" disabled={sending || running || !file}>
          {sending ? 'Sending…' : running ? 'Importing…' : 'Import'}
        </button>
      </div>
      {jobId !== null && !progress?.done ? <ProgressBar label="Import progress" value={importPercent(progress)} /> : null}
      {job.isError ? <InlineMessage tone="error">Could not read the import's progress: {errorMessage(job.error)}</InlineMessage> : null}
      {refused ? (
        <div className="admin-result">
          <InlineMessage tone="error">{refused.message}</InlineMessage>
          <LineErrors errors={refused.errors} />
        </div>
      ) : null}
      {progress?.done && progress.failed && progress.result && 'message' in progress.result ? (
        <InlineMessage tone="error">{progress.result.message}</InlineMessage>
      ) : null}
      {result ? (
        <div className="admin-result">
          <InlineMessage tone="success">{result.message}</InlineMessage>
          <LineErrors errors={result.errors} />
        </div>
      ) : null}
    </form>
  );
}

import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../../lib/api';
import { applyDroppedNames, filesToUpload } from '../lib/image-drop';
import { historyPath } from '../../../lib/history';
import { clipboardText, stockPayload, type StockFormErrors, type StockFormValues } from '../lib/stock-form';
import type { StockItemPayload } from '../../../types';
import { InlineMessage } from '../../../components/admin-ui';
import { useImageDrop } from './image-drop';
import { StockFields } from './stock-fields';
import { useStockClash } from '../api/check-stock-clash';
import { type ImageUpload } from '../api/upload-stock-images';
import { useAdminBatches } from '../../../api/get-admin-batches';
import { type StockVariant } from '../../../lib/variants';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** PUT /add-stock-check while the ids or the description change (debounced): a clash blocks Save. */
export function useDuplicateCheck(values: StockFormValues, savedId: string | null) {
  const input = useMemo(
    () => ({
      savedId,
      comicId: values.comicId.trim(),
      mainDescription: values.mainDescription.trim(),
      variantDescription: values.variantDescription.trim(),
      images: values.images.map((imageId) => ({ imageId })),
    }),
    [savedId, values.comicId, values.mainDescription, values.variantDescription, values.images],
  );
  const debounced = useDebounced(input, 400);
  const settled = JSON.stringify(debounced) === JSON.stringify(input);
  const query = useStockClash(debounced, Boolean(debounced.comicId || debounced.mainDescription));
  const clash = settled && !query.isFetching ? (query.data ?? null) : null;
  return { clash, checking: !settled || query.isFetching, error: query.error };
}

interface StockFormProps {
  variant: StockVariant;
  values: StockFormValues;
  onChange: (values: StockFormValues) => void;
  /** The item being edited (its id is the duplicate check's savedId). */
  savedId: string | null;
  busy: boolean;
  submitLabel: string;
  /** The body, and the dropped or chosen image files to upload once the item is saved. */
  onSubmit: (payload: StockItemPayload, uploads: ImageUpload[]) => void;
  onCancel?: () => void;
  context?: string;
  /** Extra controls beside Save. */
  extraActions?: ReactNode;
}

/** The stock form: fields, duplicate check (Save disabled on a clash, 'Save anyway'), copy to clipboard and image drop. */
export function StockForm({
  variant,
  values,
  onChange,
  savedId,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
  context,
  extraActions,
}: StockFormProps) {
  const { data: batches = [] } = useAdminBatches();
  const [errors, setErrors] = useState<StockFormErrors>({});
  const [copied, setCopied] = useState<string | null>(null);
  const { clash, checking, error: checkError } = useDuplicateCheck(values, savedId);
  const patch = (change: Partial<StockFormValues>) => onChange({ ...values, ...change });
  /** Image files waiting for the save, by image id. */
  const [pending, setPending] = useState<File[]>([]);
  const applyFiles = (files: File[]) => {
    const next = applyDroppedNames(
      { comicId: values.comicId, images: values.images },
      files.map((f) => f.name),
    );
    setPending((list) => [...list, ...files]);
    patch(next);
  };
  const { dragging, dropProps } = useImageDrop(applyFiles);
  const waiting = filesToUpload(pending, { comicId: values.comicId.trim(), images: values.images });
  // Files whose id is no longer the item's (cleared, reset after an add) are dropped.
  useEffect(() => {
    setPending((list) => {
      const keep = new Set(filesToUpload(list, { comicId: values.comicId.trim(), images: values.images }).map((w) => w.file));
      return keep.size === list.length ? list : list.filter((f) => keep.has(f));
    });
  }, [values.comicId, values.images]);
  const suffix = context ? ` ${context}` : '';

  const save = (anyway: boolean) => {
    const result = stockPayload(values, variant);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (clash && !anyway) return;
    const uploads = filesToUpload(pending, {
      comicId: result.payload.comicId,
      images: (result.payload.images ?? []).map((i) => i.imageId),
    });
    onSubmit(result.payload, uploads);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(false);
  };

  const copy = async () => {
    const text = clipboardText(values);
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`Copied “${text}”`);
    } catch (error) {
      setCopied(`Could not copy: ${errorMessage(error)}`);
    }
  };

  return (
    <form className={`stock-form${dragging ? ' is-dragging' : ''}`} onSubmit={submit} noValidate {...dropProps}>
      <StockFields values={values} onChange={patch} variant={variant} batches={batches} errors={errors} context={context} />
      <div className="admin-file-pick">
        <label className="btn btn--ghost btn--sm admin-file-pick__label">
          Choose image files{suffix ? <span className="visually-hidden">{suffix}</span> : null}
          <input
            type="file"
            accept="image/*"
            multiple
            className="visually-hidden"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              if (files.length) applyFiles(files);
              e.target.value = '';
            }}
          />
        </label>
        <span className="field__hint">
          or drop image files here: one file sets the image id (or adds an extra image); several set both, sorted by name. The pictures
          upload when you save.
        </span>
      </div>
      {waiting.length ? (
        <p className="field__hint" role="status">
          To upload on save: {waiting.map((w) => w.file.name).join(', ')}
        </p>
      ) : null}
      {clash ? (
        <div className="admin-clash" role="alert">
          <p>
            <strong>Possible duplicate:</strong> {clash.mainDescription}
            {clash.variantDescription ? ` ${clash.variantDescription}` : ''} (image id {clash.comicId || 'none'}
            {clash.batchName ? `, batch ${clash.batchName}` : ''}).{' '}
            <Link className="link" to={historyPath('stock', clash._id)}>
              History
            </Link>
          </p>
          <p className="muted">Save is off while this clash stands; change the image id or description, or save anyway.</p>
        </div>
      ) : null}
      {checkError ? <InlineMessage tone="info">The duplicate check did not answer: {errorMessage(checkError)}</InlineMessage> : null}
      {copied ? <InlineMessage tone="info">{copied}</InlineMessage> : null}
      <div className="form-actions form-actions--start">
        <button type="submit" className="btn btn--primary" disabled={busy || Boolean(clash)} aria-label={`${submitLabel}${suffix}`}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {clash ? (
          <button type="button" className="btn btn--danger" disabled={busy} onClick={() => save(true)} aria-label={`Save anyway${suffix}`}>
            Save anyway
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => void copy()}
          disabled={!values.mainDescription.trim()}
          aria-label={`Copy description to clipboard${suffix}`}
        >
          Copy description
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--ghost" onClick={onCancel} aria-label={`Cancel edit${suffix}`}>
            Cancel
          </button>
        ) : null}
        {extraActions}
        {checking && (values.comicId || values.mainDescription) ? (
          <span className="field__hint" role="status">
            Checking for duplicates…
          </span>
        ) : null}
      </div>
    </form>
  );
}

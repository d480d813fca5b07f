import { useState, type FormEvent } from 'react';
import { TextField } from '../../../../components/ui/field';
import { Checkbox } from '../../../../components/ui/checkbox';
import { BATCH_TYPE_LABELS, batchPayload, withBatchType, type BatchFormErrors, type BatchFormValues } from '../lib/batch-form';
import type { BatchPayload, BatchType, ItemType, PeriodType, SupplierType } from '../../../types';
import { SelectField } from '../../../components/admin-ui';
import { SUPPLIER_LABELS } from '../../../lib/variants';

const ITEM_TYPES: Array<[ItemType, string]> = [
  ['comic', 'Comic'],
  ['game', 'Game'],
  ['accessory', 'Accessory'],
];
const PERIOD_TYPES: Array<[PeriodType, string]> = [
  ['new', 'New'],
  ['back-issue', 'Back issue'],
  ['pre-order', 'Pre-order'],
  ['vintage', 'Vintage'],
];

interface Props {
  initial: BatchFormValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (payload: BatchPayload, reset: () => void) => void;
  onCancel?: () => void;
  context?: string;
}

/** The batch form (add and edit). */
export function BatchForm({ initial, submitLabel, busy, onSubmit, onCancel, context }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<BatchFormErrors>({});
  const suffix = context ? ` (${context})` : '';
  const patch = (change: Partial<BatchFormValues>) => setValues((v) => ({ ...v, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = batchPayload(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.payload, () => setValues(initial));
  };

  return (
    <form className="form-stack" onSubmit={submit} noValidate>
      <div className="form-grid admin-form-grid">
        <TextField
          label={`Name${suffix}`}
          value={values.name}
          onChange={(e) => patch({ name: e.target.value })}
          error={errors.name}
          required
          autoComplete="off"
        />
        <SelectField
          label={`Type${suffix}`}
          value={values.type}
          onChange={(e) => setValues((v) => withBatchType(v, e.target.value as BatchType))}
        >
          {(Object.keys(BATCH_TYPE_LABELS) as BatchType[]).map((type) => (
            <option key={type} value={type}>
              {BATCH_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <SelectField label={`Item type${suffix}`} value={values.itemType} onChange={(e) => patch({ itemType: e.target.value as ItemType })}>
          {ITEM_TYPES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={`Period${suffix}`}
          value={values.periodType}
          onChange={(e) => patch({ periodType: e.target.value as PeriodType })}
        >
          {PERIOD_TYPES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={`Supplier${suffix}`}
          value={values.supplierType}
          onChange={(e) => patch({ supplierType: e.target.value as SupplierType })}
        >
          {(Object.keys(SUPPLIER_LABELS) as SupplierType[]).map((s) => (
            <option key={s} value={s}>
              {SUPPLIER_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={`Publish date${suffix}`}
          type="date"
          value={values.publishDate}
          onChange={(e) => patch({ publishDate: e.target.value })}
          error={errors.publishDate}
          required
        />
        <TextField
          label={`Cut-off date${suffix}`}
          type="date"
          value={values.cutOffDate}
          onChange={(e) => patch({ cutOffDate: e.target.value })}
          error={errors.cutOffDate}
          hint="Last day to order (pre-orders)"
        />
        <TextField
          label={`Discount percent${suffix}`}
          inputMode="numeric"
          value={values.discountPercent}
          onChange={(e) => patch({ discountPercent: e.target.value })}
          error={errors.discountPercent}
        />
        <TextField
          label={`Purchase value${suffix}`}
          inputMode="decimal"
          value={values.value}
          onChange={(e) => patch({ value: e.target.value })}
          error={errors.value}
          hint="What the batch cost, in dollars"
        />
      </div>
      <div className="admin-checks">
        <Checkbox
          label={`Hide from home page${suffix}`}
          checked={values.hideHomePage}
          onCheckedChange={(hideHomePage) => patch({ hideHomePage })}
        />
        <Checkbox
          label={`Default batch${suffix}`}
          checked={values.default}
          onCheckedChange={(isDefault) => patch({ default: isDefault })}
        />
      </div>
      <div className="form-actions form-actions--start">
        <button type="submit" className="btn btn--primary" disabled={busy} aria-label={`${submitLabel}${suffix}`}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--ghost" onClick={onCancel} aria-label={`Cancel${suffix}`}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

import type { ReactNode } from 'react';
import { GRADERS, GRADES, PAGE_QUALITIES, SLAB_LABELS, gradeLabel } from '@shop/domain/catalogue/gradeScale';
import { TextField } from '../../../../components/ui/field';
import { SelectField } from '../../../components/admin-ui';
import type { GradingFormValues } from '../lib/grading-form';

interface Props {
  values: GradingFormValues;
  onChange: (patch: Partial<GradingFormValues>) => void;
  errors?: Partial<Record<keyof GradingFormValues, string>>;
  /** Which item's form this is, heard by a screen reader only (StockFields). */
  note: ReactNode;
}

/** Condition and grading (issue 18): none, a raw grade, or a slab with its grader, label and certification; key notes. */
export function GradingFields({ values, onChange, errors = {}, note }: Props) {
  const slab = values.conditionKind === 'slab';
  return (
    <fieldset className="admin-fieldset">
      <legend className="field__label">Condition and grading{note}</legend>
      <div className="form-grid admin-form-grid">
        <SelectField
          label={<>Condition{note}</>}
          value={values.conditionKind}
          onChange={(e) => onChange({ conditionKind: e.target.value as GradingFormValues['conditionKind'] })}
        >
          <option value="">Not recorded</option>
          <option value="raw">Raw (our grade)</option>
          <option value="slab">Slab (graded)</option>
        </SelectField>
        {values.conditionKind ? (
          <SelectField
            label={<>Grade{note}</>}
            value={values.grade}
            onChange={(e) => onChange({ grade: e.target.value })}
            error={errors.grade}
          >
            <option value="">Choose…</option>
            {GRADES.map((g) => (
              <option key={g} value={String(g)}>
                {gradeLabel(g)}
              </option>
            ))}
          </SelectField>
        ) : null}
        {slab ? (
          <>
            <SelectField label={<>Grader{note}</>} value={values.grader} onChange={(e) => onChange({ grader: e.target.value })}>
              {GRADERS.map((g) => (
                <option key={g}>{g}</option>
              ))}
            </SelectField>
            <SelectField label={<>Label{note}</>} value={values.slabLabel} onChange={(e) => onChange({ slabLabel: e.target.value })}>
              {SLAB_LABELS.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </SelectField>
            <TextField
              label={<>Certification number{note}</>}
              value={values.certNumber}
              onChange={(e) => onChange({ certNumber: e.target.value })}
              error={errors.certNumber}
              autoComplete="off"
              spellCheck={false}
            />
            <SelectField
              label={<>Page quality{note}</>}
              value={values.pageQuality}
              onChange={(e) => onChange({ pageQuality: e.target.value })}
            >
              <option value="">Not stated</option>
              {PAGE_QUALITIES.map((q) => (
                <option key={q}>{q}</option>
              ))}
            </SelectField>
          </>
        ) : null}
        <TextField
          className="field--full"
          label={<>Key notes{note}</>}
          value={values.keyNotes}
          onChange={(e) => onChange({ keyNotes: e.target.value })}
          hint="For collectors, e.g. 1st appearance of Venom"
          autoComplete="off"
        />
      </div>
    </fieldset>
  );
}

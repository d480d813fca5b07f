/** The stock form's condition and grading fields (issue 18): as typed, from an item, and as the API's `condition`. */
import type { AdminComic, StockItemPayload } from '../../../types';

export interface GradingFormValues {
  /** '' no condition recorded; 'raw' the shop's grade; 'slab' graded by CGC, CBCS or PGX. */
  conditionKind: '' | 'raw' | 'slab';
  grade: string;
  grader: string;
  slabLabel: string;
  certNumber: string;
  pageQuality: string;
  keyNotes: string;
}

export const EMPTY_GRADING: GradingFormValues = {
  conditionKind: '',
  grade: '',
  grader: 'CGC',
  slabLabel: 'Universal',
  certNumber: '',
  pageQuality: '',
  keyNotes: '',
};

export function gradingFromItem(item: AdminComic): GradingFormValues {
  const c = item.condition;
  if (!c) return { ...EMPTY_GRADING, keyNotes: item.keyNotes ?? '' };
  if (c.kind === 'raw') return { ...EMPTY_GRADING, conditionKind: 'raw', grade: String(c.grade), keyNotes: item.keyNotes ?? '' };
  return {
    conditionKind: 'slab',
    grade: String(c.grade),
    grader: c.grader,
    slabLabel: c.label,
    certNumber: c.certNumber,
    pageQuality: c.pageQuality ?? '',
    keyNotes: item.keyNotes ?? '',
  };
}

export type GradingErrors = Partial<Record<keyof GradingFormValues, string>>;

/** The body's condition and key notes, or the fields' problems (the server checks the scale and the certification again). */
export function gradingPayload(
  values: GradingFormValues,
): { ok: true; fields: Pick<StockItemPayload, 'condition' | 'keyNotes'> } | { ok: false; errors: GradingErrors } {
  const keyNotes = values.keyNotes.trim();
  if (values.conditionKind === '') return { ok: true, fields: { condition: null, keyNotes } };
  const errors: GradingErrors = {};
  const grade = Number(values.grade);
  if (!values.grade) errors.grade = 'Choose a grade';
  if (values.conditionKind === 'slab' && !values.certNumber.trim()) errors.certNumber = 'Certification number is required for a slab';
  if (Object.keys(errors).length) return { ok: false, errors };
  const condition =
    values.conditionKind === 'raw'
      ? { kind: 'raw' as const, grade }
      : {
          kind: 'slab' as const,
          grade,
          grader: values.grader as 'CGC',
          label: values.slabLabel as 'Universal',
          certNumber: values.certNumber.trim(),
          pageQuality: (values.pageQuality || null) as 'White' | null,
        };
  return { ok: true, fields: { condition, keyNotes } };
}

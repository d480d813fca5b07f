/**
 * Condition and grading of a stock item (issue 18): none, a raw copy with the shop's own grade, or
 * a slab graded by CGC, CBCS or PGX with its label, certification number and page quality. The
 * grade is a step of the 10-point scale, each step with its usual name.
 */
import { z } from 'zod';

export { GRADE_SCALE, GRADES, GRADERS, SLAB_LABELS, PAGE_QUALITIES, isGrade, gradeLabel, conditionSummary } from './gradeScale.ts';
export type { Grade, Grader, SlabLabel, PageQuality } from './gradeScale.ts';
import { GRADES, GRADERS, SLAB_LABELS, PAGE_QUALITIES, isGrade, type Grader } from './gradeScale.ts';

export const GRADE_OFF_SCALE_MESSAGE = `Grade must be a step of the 10-point scale: ${GRADES.map((g) => g.toFixed(1)).join(', ')}`;

/** A grade as a number (or its text in a form or a file): one of the scale's steps. */
export function gradeSchema(label = 'Grade') {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z
      .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number` })
      .refine(isGrade, { message: label === 'Grade' ? GRADE_OFF_SCALE_MESSAGE : `${label}: ${GRADE_OFF_SCALE_MESSAGE}` }),
  );
}

function oneOf<T extends string>(label: string, values: readonly [T, ...T[]]) {
  const message = `${label} must be one of ${values.join(', ')}`;
  return z.preprocess(
    (v) => (typeof v === 'string' ? (values.find((x) => x.toLowerCase() === v.trim().toLowerCase()) ?? v) : v),
    z.enum(values, { errorMap: () => ({ message }) }),
  );
}

/** A certification number: letters and digits (graders print digits, some with a dash), 4..20. */
export const certNumberSchema = z
  .string({ required_error: 'Certification number is required', invalid_type_error: 'Certification number must be text' })
  .trim()
  .min(4, 'Certification number must have at least 4 characters')
  .max(20, 'Certification number can be at most 20 characters')
  .regex(/^[A-Za-z0-9-]+$/, "Certification number may contain only letters, digits and '-'");

export const rawConditionSchema = z.object({ kind: z.literal('raw'), grade: gradeSchema() });
export const slabConditionSchema = z.object({
  kind: z.literal('slab'),
  grader: oneOf('Grader', GRADERS),
  grade: gradeSchema(),
  label: oneOf('Label', SLAB_LABELS),
  certNumber: certNumberSchema,
  pageQuality: oneOf('Page quality', PAGE_QUALITIES)
    .nullish()
    .transform((v) => v ?? null),
});

/** `null` (no condition recorded), a raw copy or a slab. */
export const conditionSchema = z
  .discriminatedUnion('kind', [rawConditionSchema, slabConditionSchema], {
    errorMap: (issue, ctx) =>
      issue.code === 'invalid_union_discriminator' ? { message: "Condition kind must be 'raw' or 'slab'" } : { message: ctx.defaultError },
  })
  .nullable();

export type RawCondition = z.output<typeof rawConditionSchema>;
export type SlabCondition = z.output<typeof slabConditionSchema>;
export type Condition = RawCondition | SlabCondition;

export const keyNotesSchema = z
  .string({ invalid_type_error: 'Key notes must be text' })
  .trim()
  .max(500, 'Key notes can be at most 500 characters');

/** The same certification written differently ("1234567-001" and "1234567001") is one. */
export function normaliseCertNumber(certNumber: string): string {
  return certNumber.trim().toUpperCase().replace(/-/g, '');
}

/** The slab's certification as the reservation stream names it, or null for raw copies and none. */
export function certificationOf(condition: Condition | null | undefined): { grader: Grader; certNumber: string } | null {
  return condition?.kind === 'slab' ? { grader: condition.grader, certNumber: normaliseCertNumber(condition.certNumber) } : null;
}

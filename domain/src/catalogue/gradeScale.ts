/**
 * The 10-point grading scale and how grades are named (issue 18). No zod here: the web app shows
 * grades with these too.
 */

/** The 10-point scale, best first, with the names collectors use. */
export const GRADE_SCALE = [
  { grade: 10.0, name: 'GM' },
  { grade: 9.9, name: 'M' },
  { grade: 9.8, name: 'NM/M' },
  { grade: 9.6, name: 'NM+' },
  { grade: 9.4, name: 'NM' },
  { grade: 9.2, name: 'NM-' },
  { grade: 9.0, name: 'VF/NM' },
  { grade: 8.5, name: 'VF+' },
  { grade: 8.0, name: 'VF' },
  { grade: 7.5, name: 'VF-' },
  { grade: 7.0, name: 'FN/VF' },
  { grade: 6.5, name: 'FN+' },
  { grade: 6.0, name: 'FN' },
  { grade: 5.5, name: 'FN-' },
  { grade: 5.0, name: 'VG/FN' },
  { grade: 4.5, name: 'VG+' },
  { grade: 4.0, name: 'VG' },
  { grade: 3.5, name: 'VG-' },
  { grade: 3.0, name: 'GD/VG' },
  { grade: 2.5, name: 'GD+' },
  { grade: 2.0, name: 'GD' },
  { grade: 1.8, name: 'GD-' },
  { grade: 1.5, name: 'FR/GD' },
  { grade: 1.0, name: 'FR' },
  { grade: 0.5, name: 'PR' },
] as const;

export type Grade = (typeof GRADE_SCALE)[number]['grade'];
export const GRADES: readonly number[] = GRADE_SCALE.map((s) => s.grade);

export const GRADERS = ['CGC', 'CBCS', 'PGX'] as const;
export type Grader = (typeof GRADERS)[number];

export const SLAB_LABELS = ['Universal', 'Signature Series', 'Qualified', 'Restored', 'Conserved'] as const;
export type SlabLabel = (typeof SLAB_LABELS)[number];

export const PAGE_QUALITIES = ['White', 'Off-white to white', 'Off-white', 'Cream to off-white', 'Light tan', 'Tan', 'Brittle'] as const;
export type PageQuality = (typeof PAGE_QUALITIES)[number];

export const isGrade = (value: number): boolean => GRADES.includes(value);

/** "NM/M 9.8": the grade with its usual name; a number off the scale shows as itself. */
export function gradeLabel(grade: number): string {
  const step = GRADE_SCALE.find((s) => s.grade === grade);
  return step ? `${step.name} ${grade.toFixed(1)}` : grade.toFixed(1);
}

/** A condition as the scale names it (the shape of condition.ts's schema, without zod). */
type NamedCondition =
  | { kind: 'raw'; grade: number }
  | { kind: 'slab'; grader: string; grade: number; label: string; certNumber?: string; pageQuality?: string | null };

/** "CGC 9.8 Universal", "NM 9.4 (raw)": the grade as tiles and item pages show it. */
export function conditionSummary(condition: NamedCondition | null | undefined): string | null {
  if (!condition) return null;
  if (condition.kind === 'raw') return gradeLabel(condition.grade);
  return `${condition.grader} ${gradeLabel(condition.grade)} ${condition.label}`;
}

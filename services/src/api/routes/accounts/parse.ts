import type { z } from 'zod';
import { HttpError } from '../../errors.ts';

/** Validates input with a zod schema; a refusal is a 400 with the first problem in plain words. */
export function parseInput<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new HttpError(
    400,
    issue?.message && issue.message !== 'Required' ? issue.message : `${issue?.path.join('.') || 'input'}: missing or invalid`,
  );
}

import type { z, ZodTypeAny } from 'zod';

/**
 * Parses with `schema`, remembering the parsed values of the last `max` distinct inputs (by their
 * JSON): shoppers send the same few thousand browse and search inputs again and again, and a zod
 * parse of them cost more than laying out their cached answer. A refused input is not remembered,
 * so it is refused again with the same ZodError. The values are frozen: callers share them.
 */
export function rememberingParser<S extends ZodTypeAny>(schema: S, max = 5000): (input: unknown) => z.output<S> {
  const seen = new Map<string, z.output<S>>();
  return (input) => {
    const key = JSON.stringify(input ?? {});
    const known = seen.get(key);
    if (known !== undefined) return known;
    const parsed = Object.freeze(schema.parse(input ?? {}));
    if (seen.size >= max) seen.delete(seen.keys().next().value!);
    seen.set(key, parsed);
    return parsed;
  };
}

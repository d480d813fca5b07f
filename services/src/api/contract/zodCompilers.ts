import type { FastifySchema, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { ZodTypeAny } from 'zod';

/** Checks an input the way a route's handler reports it (first problem, admin's list, or the ZodError). */
export type InputCheck = (schema: ZodTypeAny, input: unknown) => unknown;

/**
 * Validates a request part against its contract schema. The value is left as it came: the
 * handler parses it again with the same schema and reads the parsed value; here a refusal is made
 * before the handler runs, with the message the route's own check gives.
 */
export function zodValidatorCompiler(check: InputCheck): FastifySchemaCompiler<FastifySchema> {
  return ({ schema }) =>
    (data) => {
      try {
        check(schema as unknown as ZodTypeAny, data);
        return { value: data };
      } catch (error) {
        return { error: error as Error };
      }
    };
}

/**
 * Under test every answer must match its schema exactly: a field the schema lacks (which would be
 * dropped) or a value of the wrong shape fails the call. In production a mismatch sends the answer
 * as the handler built it, so a contract slip never costs a shopper their page.
 */
const strictAnswers = process.env.VITEST !== undefined || process.env.CONTRACT_STRICT === '1';

/** Serialises an answer through its contract schema: only the fields the contract names go out. */
export const zodSerializerCompiler: FastifySerializerCompiler<FastifySchema> =
  ({ schema, url, method }) =>
  (data) => {
    const result = (schema as unknown as ZodTypeAny).safeParse(data);
    if (result.success) {
      if (strictAnswers) {
        const dropped = droppedPaths(data, result.data);
        if (dropped.length > 0)
          throw contractBroken(`${method} ${url}: the answer has fields the contract lacks: ${dropped.slice(0, 10).join(', ')}`);
      }
      return JSON.stringify(result.data);
    }
    if (strictAnswers)
      throw contractBroken(`${method} ${url}: the answer breaks its contract: ${JSON.stringify(result.error.issues.slice(0, 5))}`);
    return JSON.stringify(data);
  };

/** Logged as well as thrown: the error handler answers 500 without saying why. */
function contractBroken(message: string): Error {
  console.error(message);
  return new Error(message);
}

/** Paths present (and not undefined) in `input` that parsing left out of `output`. */
export function droppedPaths(input: unknown, output: unknown, path = ''): string[] {
  if (Array.isArray(input)) {
    if (!Array.isArray(output)) return [];
    return input.flatMap((item, i) => droppedPaths(item, output[i], `${path}[${i}]`));
  }
  if (!isPlainObject(input) || !isPlainObject(output)) return [];
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const at = path ? `${path}.${key}` : key;
    if (!(key in output)) dropped.push(at);
    else dropped.push(...droppedPaths(value, output[key], at));
  }
  return dropped;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

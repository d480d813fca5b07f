import type { FastifySchema, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { isDeepStrictEqual } from 'node:util';
import type { ZodTypeAny } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';

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

/**
 * Serialises an answer through its contract schema: only the fields the contract names go out.
 * The writer is compiled once per route from the schema's JSON Schema (fast-json-stringify), so an
 * answer costs no zod parse in production. Under test each answer is also parsed by its zod schema
 * and the compiled writer's output must equal the parsed value: every test checks both.
 */
export function contractSerializerCompiler(strict: boolean = strictAnswers): FastifySerializerCompiler<FastifySchema> {
  return ({ schema, url, method }) => {
    const zodSchema = schema as unknown as ZodTypeAny;
    const write = fastJson(answerJsonSchema(zodSchema));
    if (!strict)
      return (data) => {
        try {
          return write(data);
        } catch {
          return JSON.stringify(data);
        }
      };
    return (data) => {
      const result = zodSchema.safeParse(data);
      if (!result.success)
        throw contractBroken(`${method} ${url}: the answer breaks its contract: ${JSON.stringify(result.error.issues.slice(0, 5))}`);
      const dropped = droppedPaths(data, result.data);
      if (dropped.length > 0)
        throw contractBroken(`${method} ${url}: the answer has fields the contract lacks: ${dropped.slice(0, 10).join(', ')}`);
      const written = write(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(result.data))))
        throw contractBroken(`${method} ${url}: the compiled writer and the contract disagree: ${written.slice(0, 300)}`);
      return written;
    };
  };
}

export const zodSerializerCompiler = contractSerializerCompiler();

/** The JSON Schema the compiled writer follows: the answer as the server sends it. */
export function answerJsonSchema(schema: ZodTypeAny): Record<string, unknown> {
  const json = zodToJsonSchema(schema, {
    target: 'jsonSchema7',
    $refStrategy: 'none',
    effectStrategy: 'input',
    pipeStrategy: 'output',
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

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

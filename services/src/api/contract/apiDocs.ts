import fastifySwagger from '@fastify/swagger';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeAny } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';

const REQUEST_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

function isZod(schema: unknown): schema is ZodTypeAny {
  return typeof schema === 'object' && schema !== null && typeof (schema as ZodTypeAny).safeParse === 'function';
}

/** A contract schema as JSON Schema: requests as the client sends them, answers as the server sends them. */
export function jsonSchemaOf(schema: ZodTypeAny, io: 'input' | 'output'): Record<string, unknown> {
  const json = zodToJsonSchema(schema, { target: 'openApi3', $refStrategy: 'none', effectStrategy: 'input', pipeStrategy: io }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json;
}

/** The route's zod schemas turned into the JSON Schema @fastify/swagger writes into the OpenAPI document. */
function transform({ schema, url }: { schema: FastifySchema; url: string }) {
  if (!schema) return { schema: {}, url };
  const parts = schema as Record<string, unknown>;
  const out: Record<string, unknown> = { ...parts };
  for (const part of REQUEST_PARTS) {
    const s = parts[part];
    if (isZod(s)) out[part] = jsonSchemaOf(s, 'input');
  }
  const response = parts.response as Record<string, unknown> | undefined;
  if (response) {
    out.response = Object.fromEntries(Object.entries(response).map(([status, s]) => [status, isZod(s) ? jsonSchemaOf(s, 'output') : s]));
  }
  return { schema: out, url };
}

/**
 * The OpenAPI document of every call (built from the contract schemas in domain/src/contract) and
 * its reader at /api/docs, served from the installed package.
 */
export async function registerApiDocs(app: FastifyInstance, options: { reader: boolean }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Comic shop API',
        version: '1',
        description: 'Every call answers JSON; a refusal is a 4xx with `{ message }`. Money is integer cents.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform,
  });
  if (options.reader) await app.register(scalarApiReference, { routePrefix: '/api/docs' });
}

import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  admin: boolean;
}

/** Collects every route the app registers (call before building the routes). */
export function collectRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, admin: route.config?.admin === true });
    }
  });
  return routes;
}

/** The parts of an OpenAPI 3 document the reference reads. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}

/** A JSON Schema written as a TypeScript-like type, for people to read. */
export function typeText(schema: JsonSchema | undefined, indent = ''): string {
  if (!schema || Object.keys(schema).length === 0) return 'unknown';
  const nullable = (text: string) => (schema.nullable ? `${text} | null` : text);
  if (schema.enum) return nullable(schema.enum.map((v) => JSON.stringify(v)).join(' | '));
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return nullable([...new Set(union.map((s) => typeText(s, indent)))].join(' | '));
  if (schema.allOf) return nullable(schema.allOf.map((s) => typeText(s, indent)).join(' & '));
  const types = [schema.type ?? []].flat();
  if (types.length > 1) return types.map((t) => typeText({ ...schema, type: t }, indent)).join(' | ');
  switch (types[0]) {
    case 'array':
      return nullable(`${wrap(typeText(schema.items, indent))}[]`);
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      if (props.length === 0) {
        const extra = schema.additionalProperties;
        return nullable(typeof extra === 'object' ? `Record<string, ${typeText(extra, indent)}>` : 'object');
      }
      const inner = `${indent}  `;
      const lines = props.map(([key, s]) => `${inner}${key}${schema.required?.includes(key) ? '' : '?'}: ${typeText(s, inner)};`);
      return nullable(`{\n${lines.join('\n')}\n${indent}}`);
    }
    case 'integer':
      return nullable('integer');
    case undefined:
      return 'unknown';
    default:
      return nullable(types[0]!);
  }
}

const wrap = (text: string) => (text.includes('|') || text.includes('&') ? `(${text})` : text);

function jsonSchemaOf(content: Record<string, { schema?: JsonSchema }> | undefined): JsonSchema | undefined {
  return content ? Object.values(content)[0]?.schema : undefined;
}

function callSection(route: RouteEntry, op: OpenApiOperation | undefined): string[] {
  const lines = [`### ${route.method} \`${route.url}\``, '', `Access: ${route.admin ? 'admin' : 'public or shopper'}.`, ''];
  const blocks: string[] = [];
  for (const where of ['path', 'query'] as const) {
    const params = (op?.parameters ?? []).filter((p) => p.in === where);
    if (params.length === 0) continue;
    const fields = params.map((p) => `  ${p.name}${p.required ? '' : '?'}: ${typeText(p.schema, '  ')};`);
    blocks.push(`// ${where === 'path' ? 'path parameters' : 'query string'}\n{\n${fields.join('\n')}\n}`);
  }
  const body = jsonSchemaOf(op?.requestBody?.content);
  if (body) blocks.push(`// request body\n${typeText(body)}`);
  // Answers of the same shape (the refusals, mostly) are written once under all their statuses.
  const answers = new Map<string, string[]>();
  for (const [status, answer] of Object.entries(op?.responses ?? {})) {
    const schema = jsonSchemaOf(answer.content);
    if (schema) answers.set(typeText(schema), [...(answers.get(typeText(schema)) ?? []), status]);
  }
  for (const [text, statuses] of answers) blocks.push(`// ${statuses.join(', ')}\n${text}`);
  if (blocks.length > 0) lines.push('```ts', blocks.join('\n\n'), '```', '');
  return lines;
}

/** The OpenAPI path of a fastify url: /api/delete-stock/:id is /api/delete-stock/{id}. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** docs/api.md: every call with its access and bodies, generated from the contract the app serves. */
export function renderApiReference(routes: RouteEntry[], document: OpenApiDocument): string {
  const api = routes
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  const rows = api.map((r) => `| ${r.method} | [\`${r.url}\`](#${anchor(r)}) | ${r.admin ? 'admin' : 'public or shopper'} |`);
  const sections = api.flatMap((r) => callSection(r, document.paths?.[openApiPath(r.url)]?.[r.method.toLowerCase()]));
  return [
    '# HTTP API reference',
    '',
    'Generated by `npm run docs:api` from the contract, the zod schemas in `domain/src/contract/` (a test',
    'fails when this file is out of date). The running app serves the same contract as OpenAPI with a',
    'reader at `/api/docs`. Every call answers JSON; a refusal is a 4xx with `{ message }` (complete-order',
    "adds `errorMessage`, the same words). Money is integer cents. 'admin' calls answer 401 without a",
    "token and 403 for a customer's token. 'public or shopper' calls need no token, or identify the",
    'shopper by bearer token or `tempAuthorisation` where the call is about their own order or account',
    '(see docs/accounts.md and docs/orders.md). Multipart uploads (stock file, image, sales file) send',
    'their file as the field `file`.',
    '',
    `${api.length} calls, ${api.filter((r) => r.admin).length} of them admin.`,
    '',
    '| method | path | access |',
    '|---|---|---|',
    ...rows,
    '',
    '## Calls',
    '',
    ...sections,
  ].join('\n');
}

/** The GitHub anchor of a call's heading. */
function anchor(route: RouteEntry): string {
  return `${route.method} ${route.url}`
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
}

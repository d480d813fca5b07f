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

/** docs/api.md: every call with its access, generated from the running app so it cannot drift. */
export function renderApiReference(routes: RouteEntry[]): string {
  const api = routes
    .filter((r) => r.url.startsWith('/api/'))
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  const rows = api.map((r) => `| ${r.method} | \`${r.url}\` | ${r.admin ? 'admin' : 'public or shopper'} |`);
  return [
    '# HTTP API reference',
    '',
    'Generated from the running app by `npm run docs:api` (a test fails when this file is out of date).',
    'Every call answers JSON; a refusal is a 4xx with `{ message }` (`{ errorMessage }` on complete-order).',
    "'admin' calls answer 401 without a token and 403 for a customer's token. 'public or shopper' calls",
    'need no token, or identify the shopper by bearer token or `tempAuthorisation` where the call is about',
    'their own order or account (see docs/accounts.md and docs/orders.md). The contracts of the bodies are the',
    'zod schemas in `domain/src/*/schemas.ts` and beside each route.',
    '',
    `${api.length} calls, ${api.filter((r) => r.admin).length} of them admin.`,
    '',
    '| method | path | access |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from './context.ts';
import { noSuchCall, registerErrorHandling } from './errors.ts';
import { newRequestId } from './requestMetadata.ts';
import { registerImageRoutes } from './routes/admin/index.ts';
import { apiRoutes } from './routes/index.ts';

export interface BuildAppOptions {
  /** Folder of the built web app to serve at `/` (SPA fallback to index.html). */
  webDist?: string | null;
  logger?: boolean | object;
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: newRequestId,
    trustProxy: ctx.config.TRUST_PROXY,
    bodyLimit: 25 * 1024 * 1024,
    routerOptions: { maxParamLength: 10_500 },
  });
  registerErrorHandling(app);
  registerImageRoutes(app, ctx);

  await app.register(
    async (api) => {
      registerErrorHandling(api);
      for (const register of apiRoutes) register(api, ctx);
    },
    { prefix: '/api' },
  );

  const webDist = options.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, maxAge: '1h', index: false });
    // Client-side routes: any GET outside /api that is not a file gets the app shell.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/images/')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return noSuchCall(request, reply);
    });
  } else {
    app.setNotFoundHandler(noSuchCall);
  }
  return app;
}

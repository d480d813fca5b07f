import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from './context.ts';
import { compressAnswersAtOnce } from './compressAnswers.ts';
import { registerApiDocs } from './contract/apiDocs.ts';
import { firstProblemInputs } from './contract/inputChecks.ts';
import { zodSerializerCompiler } from './contract/zodCompilers.ts';
import { noSuchCall, registerErrorHandling } from './errors.ts';
import { settleHandlersOnClose } from './handlersInFlight.ts';
import { newRequestId } from './requestMetadata.ts';
import { registerIdentity } from './auth/identity.ts';
import { registerImageRoutes } from './routes/admin/index.ts';
import { apiRoutes } from './routes/index.ts';
import { homepagePrerenderFile, loadHomepagePrerender, registerHomepagePage } from './routes/homepagePage.ts';
import { registerItemPages } from './routes/itemPages.ts';
import { registerSecurityHeaders } from './securityHeaders.ts';
import { CatalogueAnswers } from '../catalogue/catalogueAnswers.ts';

export interface BuildAppOptions {
  /** Folder of the built web app to serve at `/` (SPA fallback to index.html). */
  webDist?: string | null;
  /** The process's logger (createLogger); none by default (tests). */
  logger?: FastifyBaseLogger;
  /** Serve the API reader at /api/docs (default true; the docs generator builds the document only). */
  apiReader?: boolean;
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    genReqId: newRequestId,
    trustProxy: ctx.config.TRUST_PROXY,
    bodyLimit: 25 * 1024 * 1024,
    routerOptions: { maxParamLength: 10_500 },
  });
  settleHandlersOnClose(app);
  registerErrorHandling(app);
  const webDist = options.webDist;
  const indexHtml = webDist && existsSync(path.join(webDist, 'index.html')) ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : null;
  await registerSecurityHeaders(app, ctx.config, indexHtml);
  registerIdentity(app);
  app.decorate('adminRoutes', []);
  // The contract (domain/src/contract): routes validate inputs and serialise answers with its zod schemas.
  app.setValidatorCompiler(firstProblemInputs);
  app.setSerializerCompiler(zodSerializerCompiler);
  await registerApiDocs(app, { reader: options.apiReader ?? true });
  // JSON answers in brotli or gzip: the API's in one call (compressAnswersAtOnce), those above 128 KB
  // here; catalogue answers come compressed already (sendCached), and so do the app's built files
  // (their .br and .gz forms, sent by fastifyStatic below).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerImageRoutes(app, ctx);
  registerItemPages(app, ctx, indexHtml);

  // The catalogue's answers, one set for the process: the catalogue calls send them, and `/` draws
  // the homepage from the same first page of homepage stock.
  const catalogue = new CatalogueAnswers(ctx);
  app.decorate('catalogueAnswers', catalogue);
  await app.register(
    async (api) => {
      registerErrorHandling(api);
      compressAnswersAtOnce(api);
      for (const register of apiRoutes) register(api, ctx);
    },
    { prefix: '/api' },
  );

  if (webDist && indexHtml !== null) {
    const prerender = await loadHomepagePrerender(homepagePrerenderFile(webDist));
    if (prerender) registerHomepagePage(app, indexHtml, prerender, () => catalogue.homepage(1));
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes each text file's brotli and gzip forms beside it (web/vite.config.ts).
      preCompressed: true,
      // Vite names built files by their content (assets/index-3f2a9c.js): a new build is a new name.
      setHeaders: (res, file) => {
        res.setHeader('cache-control', isHashedAsset(webDist, file) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // A cache between must not hand the brotli form to a browser that asked for gzip.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // Client-side routes: any GET (or HEAD) outside /api that is not a file gets the app shell.
    app.setNotFoundHandler((request, reply) => {
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        !request.url.startsWith('/images/')
      ) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return noSuchCall(request, reply);
    });
  } else {
    app.setNotFoundHandler(noSuchCall);
  }
  return app;
}

/** Files Vite wrote under assets/ with a content hash in their name. */
export function isHashedAsset(webDist: string, file: string): boolean {
  const relative = path.relative(webDist, file);
  // Its .br and .gz forms (preCompressed) are as immutable as it is.
  return relative.startsWith(`assets${path.sep}`) && /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/.test(relative);
}

import { allProjectors } from '@shop/projections/index';
import Fastify from 'fastify';
import { CatalogueAnswers } from '../catalogue/catalogueAnswers.ts';
import { loadConfig } from '../config/config.ts';
import { SearchTermsGathered } from '../orders/searchTermsSoon.ts';
import type { EventStore } from '../eventstore/types.ts';
import { collectRoutes, renderApiReference, type OpenApiDocument } from './apiReference.ts';
import type { AppContext } from './context.ts';
import { registerApiDocs } from './contract/apiDocs.ts';
import { firstProblemInputs } from './contract/inputChecks.ts';
import { zodSerializerCompiler } from './contract/zodCompilers.ts';
import { registerImageRoutes } from './routes/admin/index.ts';
import { apiRoutes } from './routes/index.ts';

/** Registers every route on a bare app (nothing is called, so no database is needed) and renders the reference. */
export async function buildApiReference(): Promise<string> {
  const app = Fastify();
  app.setValidatorCompiler(firstProblemInputs);
  app.setSerializerCompiler(zodSerializerCompiler);
  const routes = collectRoutes(app);
  await registerApiDocs(app, { reader: false });
  const ctx = {
    config: loadConfig({}),
    projectors: allProjectors,
    queues: null,
    store: {} as EventStore,
    searchTerms: new SearchTermsGathered(),
  } as unknown as AppContext;
  registerImageRoutes(app, ctx);
  app.decorate('catalogueAnswers', new CatalogueAnswers(ctx));
  await app.register(
    async (api) => {
      for (const register of apiRoutes) register(api, ctx);
    },
    { prefix: '/api' },
  );
  await app.ready();
  const document = app.swagger() as OpenApiDocument;
  await app.close();
  return renderApiReference(routes, document);
}

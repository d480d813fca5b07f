/**
 * The homepage drawn on the server (built by `vite build --ssr`, see package.json): the API writes
 * it into index.html for `/`, so a shopper sees the first rows of stock as soon as the page and
 * its stylesheet arrive, before the app's script has loaded and run (on a slow phone that script
 * is most of a second). It is the app's own tree (app/app-tree.tsx) with the homepage's first
 * answer, as a visitor with no session sees it; the app hydrates it with the same answer (main.tsx),
 * so nothing is drawn twice, then shows a signed-in shopper's own header.
 */
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { AppTree } from './app/app-tree';
import { appRoutes } from './app/router';
import { homepageStockInfiniteQueryOptions, type HomepageStock } from './features/stock/api/get-homepage-stock';
import { createQueryClient } from './lib/query-client';

/** Where renderToString left a Suspense boundary for the browser to finish: a lazy part whose module was not loaded. */
const UNFINISHED_BOUNDARY = '<!--$!-->';

/**
 * The page's markup with every lazy part it shows in place (the header's menus). A drawing that
 * meets a lazy part before its module is loaded can only leave the boundary to the browser, which
 * would then draw it again and log an error; drawn once through prerender (which waits for what it
 * meets), the parts are loaded, for this drawing and every one after in this process.
 */
async function markupOf(page: ReactNode): Promise<string> {
  let markup = renderToString(page);
  for (let tries = 0; markup.includes(UNFINISHED_BOUNDARY) && tries < 3; tries++) {
    const { prelude } = await prerenderToNodeStream(page);
    prelude.resume();
    markup = renderToString(page);
  }
  return markup;
}

/** The homepage's markup for the root element, drawn with `first` (GET /api/homepage-stock's answer). */
export async function prerenderHomepage(first: HomepageStock): Promise<string> {
  const client = createQueryClient();
  client.setQueryData(homepageStockInfiniteQueryOptions().queryKey, { pages: [first], pageParams: [1] });
  const handler = createStaticHandler(appRoutes());
  // Only the address's path matters to the routes; the origin is never fetched.
  const context = await handler.query(new Request('http://prerender.invalid/'));
  if (context instanceof Response) throw new Error(`the homepage's routes answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  try {
    return await markupOf(<AppTree client={client} router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />);
  } finally {
    client.clear();
  }
}

/**
 * `/`: the app's index.html with the homepage already drawn in it (web/src/prerender.tsx, built to
 * web/dist-prerender/prerender.js) and the homepage's first answer beside it, so a shopper sees the
 * first rows of stock as soon as the page and its stylesheet arrive, and the app's first render
 * draws the same rows from the same answer without asking for it (index.html's inline script).
 * The drawing is inert (no clicks, nothing for assistive technology) until the app has hydrated it.
 * Without the built prerender, or when the homepage's answer fails, `/` is the plain index.html.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CachedBody } from '../../catalogue/catalogueCache.ts';
import { etagOf, etagOfBody, sendCached } from '../sendCached.ts';

/** web/dist-prerender/prerender.js as the API uses it. */
export interface HomepagePrerender {
  /** The homepage's markup for the root element, drawn with GET /api/homepage-stock's answer. */
  prerenderHomepage(first: unknown): Promise<string>;
}

/** The homepage's prerender, built beside the web app (web/package.json's build). */
export const homepagePrerenderFile = (webDist: string) => path.join(webDist, '..', 'dist-prerender', 'prerender.js');

/** The built prerender, or null when web/dist-prerender has not been built (then `/` is the plain index.html). */
export async function loadHomepagePrerender(file: string): Promise<HomepagePrerender | null> {
  if (!existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as Partial<HomepagePrerender>;
  if (typeof loaded.prerenderHomepage !== 'function') throw new Error(`${file} has no prerenderHomepage`);
  return { prerenderHomepage: loaded.prerenderHomepage };
}

/** The id of the answer's JSON in the page; index.html's inline script reads it (web/index.html). */
export const HOMEPAGE_STOCK_DATA_ID = 'homepage-stock-data';

/** JSON as a script element's text: no `<` in it, so nothing in a title can close the element or open a comment. */
const scriptSafeJson = (json: string) => json.replace(/</g, '\\u003c');

/**
 * index.html with the homepage drawn in its root element (inert until the app has hydrated it,
 * web/src/app/app-tree.tsx) and the answer it was drawn from as JSON at the top of the head, where
 * the inline script that used to ask for it finds it.
 */
export function withHomepageDrawn(indexHtml: string, markup: string, answerJson: string): string {
  const data = `<script type="application/json" id="${HOMEPAGE_STOCK_DATA_ID}">${scriptSafeJson(answerJson)}</script>`;
  const withData = indexHtml.replace('<head>', `<head>\n    ${data}`);
  return withData.replace('<div id="root"></div>', `<div id="root" inert>${markup}</div>`);
}

export function registerHomepagePage(
  app: FastifyInstance,
  indexHtml: string,
  prerender: HomepagePrerender,
  firstHomepageAnswer: () => Promise<CachedBody>,
): void {
  const shellEtag = etagOf(indexHtml);
  // The page of the newest answer (drawn, or being drawn): the homepage's answer changes with its
  // stock, a few times a minute at most, and is drawn once for all the visits meanwhile.
  // It is kept as a catalogue answer is (its ETag, and its compressed forms made on first use).
  let newest: { answerEtag: string; page: Promise<CachedBody> } | null = null;

  const draw = (answerEtag: string, answerJson: string) => {
    const page = (async (): Promise<CachedBody> => {
      const html = withHomepageDrawn(indexHtml, await prerender.prerenderHomepage(JSON.parse(answerJson)), answerJson);
      const body = new CachedBody(html, () => html);
      body.etag = etagOf(`${shellEtag}${answerEtag}`);
      return body;
    })();
    const entry = { answerEtag, page };
    // A drawing that failed is drawn again by the next visit.
    page.catch(() => {
      if (newest === entry) newest = null;
    });
    newest = entry;
    return page;
  };

  /**
   * The page of the homepage's answer now, drawn again only when the answer has changed: the same
   * kept body GET /api/homepage-stock sends (its bytes and ETag), taken from the catalogue's answers
   * directly rather than through a request of its own, which cost each visit a second request's work.
   */
  const pageNow = async (): Promise<CachedBody> => {
    const answer = await firstHomepageAnswer();
    const answerEtag = etagOfBody(answer);
    if (newest?.answerEtag === answerEtag) return newest.page;
    return draw(answerEtag, answer.json());
  };

  const sendShell = (reply: FastifyReply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);

  app.get('/', async (request: FastifyRequest, reply: FastifyReply) => {
    let page: CachedBody;
    try {
      page = await pageNow();
    } catch (err) {
      request.log.warn({ err }, 'the homepage could not be drawn; sent without it');
      return sendShell(reply);
    }
    return sendCached(request, reply, page, 'text/html; charset=utf-8');
  });
}

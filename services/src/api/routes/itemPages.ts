/**
 * Pages for search engines and shared links (issue 18), outside /api: `/item/{_id}/{slug}` (the
 * app's index.html with the item's head written in), `/sitemap.xml` (and its files past 50,000
 * URLs), `/robots.txt`, and `/no-image.png` (the picture link previews get for an item without a
 * cover).
 */
import { entityIdSchema, itemPageHead, withItemHead, type ItemPageItem } from '@shop/domain/catalogue/index';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { ComicView } from '../../catalogue/comicView.ts';
import { itemForPage, robotsTxt, sitemap, sitemapFile } from '../../catalogue/itemPages.ts';
import { browseDb } from '../../db/readDatabase.ts';
import { imageFolderFor } from '../../storage/imageStorage.ts';
import type { AppContext } from '../context.ts';
import { readSiteSettings } from './siteSettings.ts';

/** The page when the web app is not built (tests, an API-only process): the head and an empty app. */
const BARE_SHELL =
  '<!doctype html>\n<html lang="en-AU">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Comic Shop</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

const NOT_FOUND_HEAD = '<title>Page not found</title>\n    <meta name="robots" content="noindex" />';

function pageItem(view: ComicView): ItemPageItem {
  return {
    stockItemId: view._id,
    comicId: view.comicId,
    itemType: view.itemType,
    periodType: view.periodType,
    mainDescription: view.mainDescription,
    variantDescription: view.variantDescription,
    publisher: view.publisher,
    writer: view.writer,
    artist: view.artist,
    price: view.price,
    available: view.available,
    condition: view.condition,
    keyNotes: view.keyNotes,
  };
}

let noImage: Promise<Buffer> | null = null;
function noImagePng(): Promise<Buffer> {
  noImage ??= sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="920">
      <rect width="600" height="920" fill="#e4e7ec"/>
      <text x="300" y="470" font-family="sans-serif" font-size="44" fill="#5b6474" text-anchor="middle">No image</text>
    </svg>`),
  )
    .png()
    .toBuffer();
  return noImage;
}

export function registerItemPages(app: FastifyInstance, ctx: AppContext, indexHtml: string | null): void {
  const db = browseDb(ctx);
  const origin = ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  const shell = indexHtml ?? BARE_SHELL;

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const parsed = entityIdSchema.safeParse(id);
    const item = parsed.success ? await itemForPage(db, parsed.data, await readSiteSettings({ db })) : null;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!item) return reply.status(404).send(withItemHead(shell, { html: NOT_FOUND_HEAD }));
    const image = item.hasImage
      ? `${origin}/images/${imageFolderFor(item.itemType, item.periodType ?? '')}/${encodeURIComponent(item.comicId)}.webp`
      : `${origin}/no-image.png`;
    return reply.send(withItemHead(shell, itemPageHead(pageItem(item), { shopName: ctx.config.SHOP_NAME, publicUrl: origin }, image)));
  };
  app.get('/item/:id', page);
  app.get('/item/:id/:slug', page);

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await sitemap(db, await readSiteSettings({ db }), origin)),
  );
  app.get('/sitemap-:n.xml', async (request, reply) => {
    const n = Number((request.params as { n: string }).n);
    const xml = Number.isSafeInteger(n) ? await sitemapFile(db, await readSiteSettings({ db }), origin, n) : null;
    if (xml === null) return reply.status(404).send({ message: 'No such sitemap file' });
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
  });
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(origin)));
  app.get('/no-image.png', async (_request, reply) =>
    reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(await noImagePng()),
  );
}

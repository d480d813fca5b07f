import sharp from 'sharp';
import { imageIdSchema, stockItemDecider, STOCK_ITEM_NOT_FOUND } from '@shop/domain/catalogue/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { AppContext } from '../api/context.ts';
import { HttpError } from '../api/errors.ts';
import { COMIC_COLUMNS, comicView, type ComicView } from '../catalogue/comicView.ts';
import { handleCommand } from '../commands/handleCommand.ts';
import { IMAGE_FOLDERS, imageFolderFor, imageKey, type ImageStorage } from '../storage/imageStorage.ts';
import { loadStockItem, stockItemView, stockStream } from './stockViews.ts';

/** Largest side of a stored image: covers are shown at most this big. */
export const MAX_IMAGE_SIDE = 1600;
export const WEBP_QUALITY = 82;
/** Largest upload read (bytes). */
export const MAX_IMAGE_UPLOAD_BYTES = 15 * 1024 * 1024;

/** Any image sharp reads (JPEG, PNG, WebP, GIF, AVIF, TIFF...) as WebP, turned upright, at most 1600 px a side. */
export async function toWebp(input: Buffer): Promise<Buffer> {
  try {
    return await sharp(input, { failOn: 'error', limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch {
    throw new HttpError(400, 'The file is not an image that can be read (send a JPEG, PNG, WebP or GIF)');
  }
}

/** Public URL path of a stored image (served by GET /images/{folder}/{file}). */
export const imageUrlOf = (key: string) => `/images/${key}`;

/**
 * POST /stock-image/{id}: stores the image as {folder}/{comicId}.webp (the item's cover, hasImage
 * true), or as {folder}/{imageId}.webp when another image id is given (an extra image, added to
 * the item's images).
 */
export async function uploadStockImage(
  ctx: AppContext,
  storage: ImageStorage,
  stockItemId: string,
  file: Buffer,
  imageId: string | null,
  metadata: EventMetadata,
): Promise<{ comic: ComicView; key: string; url: string; extra: boolean }> {
  const { state } = await loadStockItem(ctx, stockItemId);
  if (state.status !== 'active') throw new DomainError(STOCK_ITEM_NOT_FOUND, 404);
  let id = state.item.comicId;
  if (imageId !== null && imageId !== '') {
    const parsed = imageIdSchema.safeParse(imageId.replace(/\.(webp|jpe?g|png|gif)$/i, ''));
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Image id is not valid');
    id = parsed.data;
  }
  const extra = id !== state.item.comicId;
  const webp = await toWebp(file);
  const key = imageKey(imageFolderFor(state.item.itemType, state.item.periodType), id);
  await storage.put(key, webp, 'image/webp');
  const images = extra && !state.item.images.some((i) => i.imageId === id) ? [...state.item.images, { imageId: id }] : undefined;
  const command = extra ? { images } : { hasImage: true };
  const { state: after } = await handleCommand(ctx.store, stockItemDecider, stockStream(stockItemId), { type: 'ChangeImages', data: command }, metadata);
  return { comic: await stockItemView(ctx, after), key, url: imageUrlOf(key), extra };
}

/**
 * PUT /check-images: the items whose cover ({folder}/{comicId}.webp) or an extra image is missing
 * from storage. Each item's hasImage is brought in line with storage on the way (a ChangeImages per
 * item that was wrong), so the storefront shows the no-image placeholder only where there is none.
 */
export async function checkImages(ctx: AppContext, storage: ImageStorage, metadata: EventMetadata): Promise<{ comics: ComicView[]; updated: number }> {
  const stored = new Set<string>();
  for (const folder of IMAGE_FOLDERS) for (const key of await storage.list(folder)) stored.add(key);
  const rows = await ctx.db
    .selectFrom('stock_items')
    .select(COMIC_COLUMNS)
    .orderBy('batch_date', 'desc')
    .orderBy('sort_title')
    .orderBy('added_position')
    .execute();
  const missing: ComicView[] = [];
  let updated = 0;
  for (const row of rows) {
    const folder = imageFolderFor(row.item_type, row.period_type);
    const hasCover = stored.has(`${folder}/${row.comic_id}.webp`);
    const extraMissing = row.images.some((i) => !stored.has(`${folder}/${i.imageId}.webp`));
    let view = comicView(row, 'admin');
    if (hasCover !== row.has_image) {
      try {
        const { state, newEvents } = await handleCommand(ctx.store, stockItemDecider, stockStream(row.stock_item_id), { type: 'ChangeImages', data: { hasImage: hasCover } }, metadata);
        if (newEvents.length > 0) updated++;
        view = await stockItemView(ctx, state);
      } catch (e) {
        if (!(e instanceof DomainError && e.status === 404)) throw e; // deleted a moment ago
        continue;
      }
    }
    if (!hasCover || extraMissing) missing.push(view);
  }
  return { comics: missing, updated };
}

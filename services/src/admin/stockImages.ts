import sharp from 'sharp';
import { imageIdSchema, stockItemDecider, STOCK_ITEM_NOT_FOUND } from '@shop/domain/catalogue/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { COMIC_COLUMNS, comicView, type ComicView } from '../catalogue/comicView.ts';
import { handle } from '../commands/handle.ts';
import { IMAGE_FOLDERS, imageFolderFor, imageKey, type ImageFolder, type ImageStorage } from '../storage/imageStorage.ts';
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
    throw new DomainError('The file is not an image that can be read (send a JPEG, PNG, WebP or GIF)', 'invalid');
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
  ctx: Deps,
  storage: ImageStorage,
  stockItemId: string,
  file: Buffer,
  imageId: string | null,
  metadata: EventMetadata,
): Promise<{ comic: ComicView; key: string; url: string; extra: boolean }> {
  const { state } = await loadStockItem(ctx, stockItemId);
  if (state.status !== 'active') throw new DomainError(STOCK_ITEM_NOT_FOUND, 'not-found');
  let id = state.item.comicId;
  if (imageId !== null && imageId !== '') {
    const parsed = imageIdSchema.safeParse(imageId.replace(/\.(webp|jpe?g|png|gif)$/i, ''));
    if (!parsed.success) throw new DomainError(parsed.error.issues[0]?.message ?? 'Image id is not valid', 'invalid');
    id = parsed.data;
  }
  const extra = id !== state.item.comicId;
  const webp = await toWebp(file);
  const key = imageKey(imageFolderFor(state.item.itemType, state.item.periodType), id);
  await storage.put(key, webp, 'image/webp');
  const images = extra && !state.item.images.some((i) => i.imageId === id) ? [...state.item.images, { imageId: id }] : undefined;
  const command = extra ? { images } : { hasImage: true };
  const { state: after } = await handle(ctx, stockItemDecider, stockStream(stockItemId), { type: 'ChangeImages', data: command }, metadata);
  return { comic: await stockItemView(ctx, after), key, url: imageUrlOf(key), extra };
}

/**
 * PUT /check-images: finds and fixes items whose images do not match storage, so `hasImage` is true
 * only when the cover exists and `images` lists only stored images:
 * - a cover or extra image stored in another image folder under the same file name (the item's
 *   period or type was changed after the upload: new comics keep covers in diamond/, back issues in
 *   backissues/) is copied into the item's folder, and counts as there;
 * - otherwise hasImage is set to whether the cover is stored, and extra images not stored are
 *   dropped from `images` (a ChangeImages per item that was wrong).
 * Answers the items still without a cover or with an extra image dropped (the admin drops files on
 * them), `updated` (items changed) and `recovered` (images copied into their folder).
 */
export async function checkImages(
  ctx: Deps,
  storage: ImageStorage,
  metadata: EventMetadata,
): Promise<{ comics: ComicView[]; updated: number; recovered: number }> {
  const stored = new Set<string>();
  for (const folder of IMAGE_FOLDERS) for (const key of await storage.list(folder)) stored.add(key);
  const rows = await ctx.db
    .selectFrom('stock_items')
    .select(COMIC_COLUMNS)
    .orderBy('batch_date', 'desc')
    .orderBy('sort_title')
    .orderBy('added_position')
    .execute();
  let recovered = 0;
  /** Whether {folder}/{id}.webp is stored, after copying it there from another folder if it is stored there. */
  const present = async (folder: ImageFolder, id: string): Promise<boolean> => {
    const key = `${folder}/${id}.webp`;
    if (stored.has(key)) return true;
    for (const other of IMAGE_FOLDERS) {
      if (other === folder || !stored.has(`${other}/${id}.webp`)) continue;
      const found = await storage.get(`${other}/${id}.webp`);
      if (!found) continue;
      await storage.put(imageKey(folder, id), found.body, found.contentType);
      stored.add(key);
      recovered++;
      return true;
    }
    return false;
  };
  const missing: ComicView[] = [];
  let updated = 0;
  for (const row of rows) {
    const folder = imageFolderFor(row.item_type, row.period_type);
    const hasCover = await present(folder, row.comic_id);
    const kept: { imageId: string }[] = [];
    for (const image of row.images) if (await present(folder, image.imageId)) kept.push(image);
    const extraMissing = kept.length !== row.images.length;
    let view = comicView(row, 'admin');
    if (hasCover !== row.has_image || extraMissing) {
      const data = { ...(hasCover !== row.has_image ? { hasImage: hasCover } : {}), ...(extraMissing ? { images: kept } : {}) };
      try {
        const { state, events } = await handle(
          ctx,
          stockItemDecider,
          stockStream(row.stock_item_id),
          { type: 'ChangeImages', data },
          metadata,
        );
        if (events.length > 0) updated++;
        view = await stockItemView(ctx, state);
      } catch (e) {
        if (!(e instanceof DomainError && e.kind === 'not-found')) throw e; // deleted a moment ago
        continue;
      }
    }
    if (!hasCover || extraMissing) missing.push(view);
  }
  return { comics: missing, updated, recovered };
}

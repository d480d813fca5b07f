/**
 * Image storage: where item images live. A local folder (the default, served by the API at
 * /images/{folder}/{file}) or S3-compatible object storage. Keys are `{folder}/{file}`: the folders
 * are the spec's ("Item images are loaded from an object-storage host in folders diamond,
 * backissues, games as {comicId}.webp").
 */
import type { ItemType, PeriodType } from '@shop/domain/catalogue/index';

export const IMAGE_FOLDERS = ['diamond', 'backissues', 'games'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface ImageStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Every key under a folder (`diamond/` lists `diamond/X.webp`, ...). */
  list(folder: ImageFolder): Promise<string[]>;
  delete(key: string): Promise<void>;
}

/** Thrown for a key that is not `{folder}/{safe file name}`: never a path outside the store. */
export class BadImageKeyError extends Error {
  constructor(key: string) {
    super(`Not an image key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'BadImageKeyError';
  }
}

/** A file name: letters, digits, '.', '-' and '_', starting with a letter or digit (so never '..'). */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export function isImageFolder(folder: string): folder is ImageFolder {
  return (IMAGE_FOLDERS as readonly string[]).includes(folder);
}

export function isSafeFileName(file: string): boolean {
  return FILE_NAME.test(file) && !file.includes('..');
}

/** Splits and checks a key; throws BadImageKeyError unless it is `{known folder}/{safe file name}`. */
export function parseImageKey(key: string): { folder: ImageFolder; file: string } {
  const slash = key.indexOf('/');
  const folder = key.slice(0, slash);
  const file = key.slice(slash + 1);
  if (slash < 0 || !isImageFolder(folder) || !isSafeFileName(file)) throw new BadImageKeyError(key);
  return { folder, file };
}

/**
 * The folder of an item's images: diamond for new and pre-order comics, backissues for back issues
 * (and vintage comics), games for games and accessories.
 */
export function imageFolderFor(itemType: ItemType | string, periodType: PeriodType | string): ImageFolder {
  if (itemType !== 'comic') return 'games';
  return periodType === 'back-issue' || periodType === 'vintage' ? 'backissues' : 'diamond';
}

/** `{folder}/{imageId}.webp` */
export function imageKey(folder: ImageFolder, imageId: string): string {
  const key = `${folder}/${imageId}.webp`;
  parseImageKey(key);
  return key;
}

export function contentTypeOf(file: string): string {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return (
    ({ webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif' } as Record<string, string>)[ext] ??
    'application/octet-stream'
  );
}

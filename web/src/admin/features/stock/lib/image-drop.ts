/** Image ids from dropped files (admin spec section 4): a file's name without its extension is the id. */

export interface ImageIds {
  comicId: string;
  images: string[];
}

/** "covers/ASM-300.webp" -> "ASM-300"; a name without an extension is kept whole. */
export function fileBaseName(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim();
}

/**
 * Applies dropped file names to an item's image ids (admin spec section 4).
 * - One file: a name equal to the current id or to an existing image is cleared (the ids stay as
 *   they are: nothing is added twice); with no id yet it becomes the comicId; otherwise it is
 *   appended as an image.
 * - Several files: the names are sorted, the first is the comicId and the rest are the images
 *   (they replace what was there).
 */
export function applyDroppedNames(current: ImageIds, fileNames: readonly string[]): ImageIds {
  const ids = fileNames.map(fileBaseName).filter(Boolean);
  if (ids.length === 0) return current;
  if (ids.length === 1) {
    const id = ids[0] as string;
    if (id === current.comicId || current.images.includes(id)) return current;
    if (!current.comicId) return { comicId: id, images: [...current.images] };
    return { comicId: current.comicId, images: [...current.images, id] };
  }
  const sorted = [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const [first = '', ...rest] = sorted;
  return { comicId: first, images: rest };
}

export function isImageFile(file: { name: string; type?: string }): boolean {
  return !file.type || file.type.startsWith('image/') || /\.(webp|jpe?g|png|gif|avif)$/i.test(file.name);
}

/** The image-type files of a drop (anything else is ignored). */
export function imageFiles<F extends { name: string; type?: string }>(files: ArrayLike<F>): F[] {
  return Array.from(files).filter(isImageFile);
}

export function imageFileNames(files: ArrayLike<{ name: string; type?: string }>): string[] {
  return imageFiles(files).map((file) => file.name);
}

export function sameIds(a: ImageIds, b: ImageIds): boolean {
  return a.comicId === b.comicId && a.images.length === b.images.length && a.images.every((id, i) => id === b.images[i]);
}

/**
 * The dropped files whose picture belongs to the item after the drop (its id is the comicId or an
 * extra image): their bytes are uploaded under that id. A file dropped again under an id the item
 * already has replaces the stored picture (the Images Check's use). One file per id (the last).
 */
export function filesToUpload<F extends { name: string }>(files: readonly F[], ids: ImageIds): Array<{ imageId: string; file: F }> {
  const byId = new Map<string, F>();
  for (const file of files) {
    const id = fileBaseName(file.name);
    if (id && (id === ids.comicId || ids.images.includes(id))) byId.set(id, file);
  }
  const order = [ids.comicId, ...ids.images];
  return [...byId].sort((x, y) => order.indexOf(x[0]) - order.indexOf(y[0])).map(([imageId, file]) => ({ imageId, file }));
}

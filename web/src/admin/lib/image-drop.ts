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
 * Applies dropped file names to an item's image ids.
 * - One file: a name equal to the current id or to an existing image clears that id (dropping it
 *   again takes it off); with no id yet it becomes the comicId; otherwise it is appended as an image.
 * - Several files: the names are sorted, the first is the comicId and the rest are the images
 *   (they replace what was there).
 */
export function applyDroppedNames(current: ImageIds, fileNames: readonly string[]): ImageIds {
  const ids = fileNames.map(fileBaseName).filter(Boolean);
  if (ids.length === 0) return current;
  if (ids.length === 1) {
    const id = ids[0] as string;
    if (id === current.comicId) return { comicId: '', images: [...current.images] };
    if (current.images.includes(id)) return { comicId: current.comicId, images: current.images.filter((image) => image !== id) };
    if (!current.comicId) return { comicId: id, images: [...current.images] };
    return { comicId: current.comicId, images: [...current.images, id] };
  }
  const sorted = [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const [first = '', ...rest] = sorted;
  return { comicId: first, images: rest };
}

/** The image-type files of a drop (anything else is ignored). */
export function imageFileNames(files: ArrayLike<{ name: string; type?: string }>): string[] {
  return Array.from(files)
    .filter((file) => !file.type || file.type.startsWith('image/') || /\.(webp|jpe?g|png|gif|avif)$/i.test(file.name))
    .map((file) => file.name);
}

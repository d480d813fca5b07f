import sharp from 'sharp';
import type { DemoStockItem } from '../demo/demoCatalogue.ts';
import { imageFolderFor, imageKey, type ImageStorage } from '../storage/imageStorage.ts';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Characters of a title line that fit the cover at its title size. */
const COVER_LINE = 15;

/**
 * Text as the cover's lines (the title; the variant in one): broken between words, a word longer
 * than a line after its slashes ("Batman/" "Superman:") or else cut, at most `lines` lines, the last
 * ending in "…" when the text is longer.
 */
export function coverTextLines(text: string, width = COVER_LINE, lines = 3): string[] {
  const pieces = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => (word.length <= width ? [word] : word.split(/(?<=\/)/)))
    .flatMap((piece) => (piece.length <= width ? [piece] : (piece.match(new RegExp(`.{1,${width}}`, 'g')) ?? [])));
  const out: string[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    const joined = last === undefined ? null : last.endsWith('/') ? `${last}${piece}` : `${last} ${piece}`;
    if (joined !== null && joined.length <= width) out[out.length - 1] = joined;
    else out.push(piece);
  }
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]!.slice(0, width - 1)}…`;
  return kept;
}

/** A cover for a demo item: its title and publisher on a colour of its own (derived from the comic id). */
export async function renderDemoCover(
  item: Pick<DemoStockItem, 'comicId' | 'mainDescription' | 'variantDescription' | 'publisher'>,
  page = 1,
): Promise<Buffer> {
  let hash = 0;
  for (const c of item.comicId) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const hue = (hash + page * 97) % 360;
  const [title, issue] = item.mainDescription.split(/ (?=#)/);
  const titleLines = coverTextLines(title ?? '');
  // The lines centred on where one line sits, above the issue number.
  const titleTop = 228 - ((titleLines.length - 1) * 32) / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="460">
    <rect width="300" height="460" fill="hsl(${hue},60%,38%)"/>
    <rect x="14" y="14" width="272" height="432" fill="none" stroke="hsl(${hue},70%,80%)" stroke-width="4"/>
    <text x="150" y="70" font-family="sans-serif" font-size="18" fill="#fff" text-anchor="middle">${escapeXml(item.publisher.toUpperCase())}</text>
    ${titleLines
      .map(
        (line, i) =>
          `<text x="150" y="${titleTop + i * 32}" font-family="sans-serif" font-weight="bold" font-size="24" fill="#fff" text-anchor="middle">${escapeXml(line)}</text>`,
      )
      .join('')}
    <text x="150" y="330" font-family="sans-serif" font-weight="bold" font-size="44" fill="#fff" text-anchor="middle">${escapeXml(issue ?? '')}</text>
    <text x="150" y="420" font-family="sans-serif" font-size="15" fill="hsl(${hue},70%,88%)" text-anchor="middle">${escapeXml(coverTextLines(item.variantDescription, 30, 1)[0] ?? '')}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
}

/**
 * Stores covers (and extra images) for the demo items that say they have one, `concurrency` at a
 * time, and answers the items as they may be recorded: `hasImage` true only when the cover was
 * stored and `images` only the extra images stored. A cover that cannot be rendered or stored is
 * logged and left out, so the catalogue never claims an image the storefront would get a 404 for.
 */
export async function storeDemoCovers(
  storage: ImageStorage,
  items: readonly DemoStockItem[],
  concurrency = 4,
  log: (message: string) => void = (m) => console.warn(m),
): Promise<{ stored: number; items: DemoStockItem[] }> {
  const jobs = items.flatMap((item) => {
    if (!item.hasImage) return [];
    const folder = imageFolderFor(item.itemType, item.periodType);
    return [
      { key: imageKey(folder, item.comicId), item, page: 1 },
      ...item.images.map((image, i) => ({ key: imageKey(folder, image.imageId), item, page: i + 2 })),
    ];
  });
  const done = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      try {
        await storage.put(job.key, await renderDemoCover(job.item, job.page), 'image/webp');
        done.add(job.key);
      } catch (e) {
        log(`[setup] demo cover ${job.key} not stored: ${(e as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const recorded = items.map((item) => {
    if (!item.hasImage) return item;
    const folder = imageFolderFor(item.itemType, item.periodType);
    const hasImage = done.has(imageKey(folder, item.comicId));
    const images = hasImage ? item.images.filter((image) => done.has(imageKey(folder, image.imageId))) : [];
    return hasImage && images.length === item.images.length ? item : { ...item, hasImage, images };
  });
  return { stored: done.size, items: recorded };
}

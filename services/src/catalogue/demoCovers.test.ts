import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { generateDemoCatalogue } from '../demo/demoCatalogue.ts';
import { afterAll, expect, it } from 'vitest';
import { LocalImageStorage } from '../storage/localImageStorage.ts';
import { imageFolderFor, imageKey } from '../storage/imageStorage.ts';
import { coverTextLines, storeDemoCovers } from './demoCovers.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'covers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('stores a webp cover for every demo item that has an image, and none for the others', async () => {
  const { stockItems } = generateDemoCatalogue({ seed: 'covers', items: 40, now: new Date('2026-11-23T00:00:00Z') });
  const storage = new LocalImageStorage(dir);
  const { stored, items } = await storeDemoCovers(storage, stockItems);
  const withImage = stockItems.filter((i) => i.hasImage);
  expect(stored).toBe(withImage.reduce((n, i) => n + 1 + i.images.length, 0));
  expect(items).toEqual(stockItems);
  for (const item of stockItems) {
    const cover = await storage.get(imageKey(imageFolderFor(item.itemType, item.periodType), item.comicId));
    expect(cover !== null).toBe(item.hasImage);
    if (cover) expect((await sharp(cover.body).metadata()).format).toBe('webp');
  }
});

it('records hasImage only for the covers it could store, and only the extra images stored', async () => {
  const { stockItems } = generateDemoCatalogue({ seed: 'covers', items: 40, now: new Date('2026-11-23T00:00:00Z') });
  const withImage = stockItems.filter((i) => i.hasImage);
  const lost = withImage[0]!;
  const extra = { ...withImage[1]!, images: [{ imageId: `${withImage[1]!.comicId}-2` }, { imageId: `${withImage[1]!.comicId}-3` }] };
  const inner = new LocalImageStorage(mkdtempSync(path.join(tmpdir(), 'covers-failing-')));
  // Storage that refuses one cover and one extra image (a full disk, a network error).
  const failing = Object.assign(Object.create(inner) as LocalImageStorage, {
    put: (key: string, body: Buffer, type: string) =>
      key.endsWith(`/${lost.comicId}.webp`) || key.endsWith('-3.webp')
        ? Promise.reject(new Error('disk full'))
        : inner.put(key, body, type),
  });
  const logged: string[] = [];
  const items = stockItems.map((i) => (i === withImage[1] ? extra : i));
  const result = await storeDemoCovers(failing, items, 4, (m) => logged.push(m));
  const byId = new Map(result.items.map((i) => [i.comicId, i]));
  expect(byId.get(lost.comicId)).toMatchObject({ hasImage: false, images: [] });
  expect(byId.get(extra.comicId)).toMatchObject({ hasImage: true, images: [{ imageId: `${extra.comicId}-2` }] });
  expect(logged.length).toBeGreaterThanOrEqual(2);
  for (const item of result.items) {
    const folder = imageFolderFor(item.itemType, item.periodType);
    expect((await inner.exists(imageKey(folder, item.comicId))) || !item.hasImage).toBe(true);
    for (const image of item.images) expect(await inner.exists(imageKey(folder, image.imageId))).toBe(true);
  }
});

it("lays a cover's title in lines between words, breaking a long word after its slash", () => {
  expect(coverTextLines('Batman')).toEqual(['Batman']);
  expect(coverTextLines('Batman Incorporated')).toEqual(['Batman', 'Incorporated']);
  expect(coverTextLines('Batman: Legends of the Dark Knight')).toEqual(['Batman: Legends', 'of the Dark', 'Knight']);
  expect(coverTextLines("Batman/Superman: World's Finest")).toEqual(['Batman/', 'Superman:', "World's Finest"]);
  expect(coverTextLines('Teenage Mutant Ninja Turtles: The Last Ronin')).toEqual(['Teenage Mutant', 'Ninja Turtles:', 'The Last Ronin']);
  expect(coverTextLines('The Department of Truth and Other Long Stories')).toEqual(['The Department', 'of Truth and', 'Other Long…']);
  expect(coverTextLines('Supercalifragilisticexpialidocious')).toEqual(['Supercalifragil', 'isticexpialidoc', 'ious']);
  expect(coverTextLines('Cover B Francesco Mattina Variant', 30, 1)).toEqual(['Cover B Francesco Mattina…']);
  for (const line of coverTextLines('Chilling Adventures of Sabrina')) expect(line.length).toBeLessThanOrEqual(15);
});

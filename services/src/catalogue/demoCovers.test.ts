import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { generateDemoCatalogue } from '@shop/domain/catalogue/index';
import { afterAll, expect, it } from 'vitest';
import { LocalImageStorage } from '../storage/localImageStorage.ts';
import { imageFolderFor, imageKey } from '../storage/imageStorage.ts';
import { storeDemoCovers } from './demoCovers.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'covers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('stores a webp cover for every demo item that has an image, and none for the others', async () => {
  const { stockItems } = generateDemoCatalogue({ seed: 'covers', items: 40, now: new Date('2026-11-23T00:00:00Z') });
  const storage = new LocalImageStorage(dir);
  const stored = await storeDemoCovers(storage, stockItems);
  const withImage = stockItems.filter((i) => i.hasImage);
  expect(stored).toBe(withImage.reduce((n, i) => n + 1 + i.images.length, 0));
  for (const item of stockItems) {
    const cover = await storage.get(imageKey(imageFolderFor(item.itemType, item.periodType), item.comicId));
    expect(cover !== null).toBe(item.hasImage);
    if (cover) expect((await sharp(cover.body).metadata()).format).toBe('webp');
  }
});

import { describe, expect, it } from 'vitest';
import { applyDroppedNames, fileBaseName, filesToUpload, imageFileNames, sameIds } from './image-drop';

describe('fileBaseName', () => {
  it('drops the folder and the extension', () => {
    expect(fileBaseName('ASM300.webp')).toBe('ASM300');
    expect(fileBaseName('covers/JAN240001.v2.jpg')).toBe('JAN240001.v2');
    expect(fileBaseName('NOEXT')).toBe('NOEXT');
    expect(fileBaseName('.hidden')).toBe('.hidden');
  });
});

describe('dropping one file', () => {
  it('sets comicId when there is none', () => {
    expect(applyDroppedNames({ comicId: '', images: [] }, ['ASM300.webp'])).toEqual({ comicId: 'ASM300', images: [] });
  });
  it('appends an image when there is an id', () => {
    expect(applyDroppedNames({ comicId: 'ASM300', images: ['a'] }, ['ASM300-back.webp'])).toEqual({
      comicId: 'ASM300',
      images: ['a', 'ASM300-back'],
    });
  });
  it('is cleared (nothing added twice) when the name equals the id', () => {
    const current = { comicId: 'ASM300', images: ['b'] };
    expect(applyDroppedNames(current, ['ASM300.png'])).toEqual({ comicId: 'ASM300', images: ['b'] });
  });
  it('is cleared when the name equals an existing image', () => {
    expect(applyDroppedNames({ comicId: 'ASM300', images: ['b', 'c'] }, ['b.jpg'])).toEqual({ comicId: 'ASM300', images: ['b', 'c'] });
  });
});

describe('dropping several files', () => {
  it('sorts the names: the first is comicId, the rest images', () => {
    expect(applyDroppedNames({ comicId: 'OLD', images: ['x'] }, ['c.webp', 'a.webp', 'b.webp'])).toEqual({
      comicId: 'a',
      images: ['b', 'c'],
    });
  });
  it('ignores duplicate names', () => {
    expect(applyDroppedNames({ comicId: '', images: [] }, ['b.webp', 'b.jpg', 'a.webp'])).toEqual({ comicId: 'a', images: ['b'] });
  });
});

describe('nothing dropped', () => {
  it('keeps the ids', () => {
    const current = { comicId: 'A', images: ['B'] };
    expect(applyDroppedNames(current, [])).toBe(current);
  });
});

describe('imageFileNames', () => {
  it('keeps image files only', () => {
    expect(
      imageFileNames([
        { name: 'a.webp', type: 'image/webp' },
        { name: 'notes.txt', type: 'text/plain' },
        { name: 'b.JPG', type: '' },
      ]),
    ).toEqual(['a.webp', 'b.JPG']);
  });
});

describe('files to upload', () => {
  it('uploads the files whose id the item has after the drop, one per id', () => {
    const files = [
      { name: 'b.jpg', n: 2 },
      { name: 'a.webp', n: 1 },
      { name: 'z.png', n: 3 },
      { name: 'a.png', n: 4 },
    ];
    expect(filesToUpload(files, { comicId: 'a', images: ['b'] })).toEqual([
      { imageId: 'a', file: { name: 'a.png', n: 4 } },
      { imageId: 'b', file: { name: 'b.jpg', n: 2 } },
    ]);
  });
  it('re-uploads a file dropped under the id the item has (replacing a missing picture)', () => {
    const ids = { comicId: 'ASM300', images: [] };
    expect(filesToUpload([{ name: 'ASM300.webp' }], applyDroppedNames(ids, ['ASM300.webp']))).toEqual([
      { imageId: 'ASM300', file: { name: 'ASM300.webp' } },
    ]);
  });
  it('compares ids', () => {
    expect(sameIds({ comicId: 'a', images: ['b'] }, { comicId: 'a', images: ['b'] })).toBe(true);
    expect(sameIds({ comicId: 'a', images: ['b'] }, { comicId: 'a', images: [] })).toBe(false);
  });
});

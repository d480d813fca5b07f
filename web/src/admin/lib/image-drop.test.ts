import { describe, expect, it } from 'vitest';
import { applyDroppedNames, fileBaseName, imageFileNames } from './image-drop';

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
    expect(applyDroppedNames({ comicId: 'ASM300', images: ['a'] }, ['ASM300-back.webp'])).toEqual({ comicId: 'ASM300', images: ['a', 'ASM300-back'] });
  });
  it('clears the id when the name equals it', () => {
    expect(applyDroppedNames({ comicId: 'ASM300', images: ['b'] }, ['ASM300.png'])).toEqual({ comicId: '', images: ['b'] });
  });
  it('clears an existing image of that name', () => {
    expect(applyDroppedNames({ comicId: 'ASM300', images: ['b', 'c'] }, ['b.jpg'])).toEqual({ comicId: 'ASM300', images: ['c'] });
  });
});

describe('dropping several files', () => {
  it('sorts the names: the first is comicId, the rest images', () => {
    expect(applyDroppedNames({ comicId: 'OLD', images: ['x'] }, ['c.webp', 'a.webp', 'b.webp'])).toEqual({ comicId: 'a', images: ['b', 'c'] });
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
    expect(imageFileNames([{ name: 'a.webp', type: 'image/webp' }, { name: 'notes.txt', type: 'text/plain' }, { name: 'b.JPG', type: '' }])).toEqual(['a.webp', 'b.JPG']);
  });
});

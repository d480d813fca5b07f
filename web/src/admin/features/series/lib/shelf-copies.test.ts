import { describe, expect, it } from 'vitest';
import { parseShelfCopies, parseVolume } from './shelf-copies';

describe('parseShelfCopies', () => {
  it('takes a whole number from 0 to 100', () => {
    expect(parseShelfCopies(' 3 ')).toEqual({ ok: true, value: 3 });
    expect(parseShelfCopies('0')).toEqual({ ok: true, value: 0 });
    expect(parseShelfCopies('101')).toMatchObject({ ok: false });
    expect(parseShelfCopies('two')).toMatchObject({ ok: false });
    expect(parseShelfCopies('')).toMatchObject({ ok: false });
  });
});

describe('parseVolume', () => {
  it('takes blank, a volume number or a start year', () => {
    expect(parseVolume('')).toEqual({ ok: true, value: null });
    expect(parseVolume('2')).toEqual({ ok: true, value: 2 });
    expect(parseVolume('2016')).toEqual({ ok: true, value: 2016 });
    expect(parseVolume('500')).toMatchObject({ ok: false });
    expect(parseVolume('vol 2')).toMatchObject({ ok: false });
  });
});

import { describe, expect, it } from 'vitest';
import { parseShelfCopies } from './shelf-copies';

describe('parseShelfCopies', () => {
  it('takes a whole number from 0 to 100', () => {
    expect(parseShelfCopies(' 3 ')).toEqual({ ok: true, value: 3 });
    expect(parseShelfCopies('0')).toEqual({ ok: true, value: 0 });
    expect(parseShelfCopies('101')).toMatchObject({ ok: false });
    expect(parseShelfCopies('two')).toMatchObject({ ok: false });
    expect(parseShelfCopies('')).toMatchObject({ ok: false });
  });
});

import { describe, expect, it } from 'vitest';
import { CachedBody } from './catalogueCache.ts';

describe('CachedBody', () => {
  it('lets its JSON go once compressed and lays it out again only when asked', () => {
    let layouts = 0;
    const layOut = () => {
      layouts++;
      return '{"comics":[]}';
    };
    const body = new CachedBody(layOut(), layOut);
    expect(body.json()).toBe('{"comics":[]}');
    expect(layouts).toBe(1);
    const br = body.compressed('br', (json) => Buffer.from(`br:${json}`));
    expect(br.toString()).toBe('br:{"comics":[]}');
    expect(body.compressed('br', () => Buffer.from('never'))).toBe(br);
    expect(layouts).toBe(1);
    expect(body.json()).toBe('{"comics":[]}');
    expect(layouts).toBe(2);
    expect(body.length).toBe('{"comics":[]}'.length);
  });
});

import { describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { rememberingParser } from './rememberingParser.ts';

describe('rememberingParser', () => {
  const schema = z.object({ page: z.coerce.number().int().min(1).default(1), term: z.string().trim().optional() });

  it('answers what the schema parses, the same value for the same input', () => {
    const parse = rememberingParser(schema);
    const first = parse({ page: '2', term: ' bat ' });
    expect(first).toEqual({ page: 2, term: 'bat' });
    expect(parse({ page: '2', term: ' bat ' })).toBe(first);
    expect(parse({ page: '3', term: ' bat ' })).toEqual({ page: 3, term: 'bat' });
    expect(parse(undefined)).toEqual({ page: 1 });
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('refuses a bad input every time with the ZodError, and remembers nothing of it', () => {
    let parses = 0;
    const counted = schema.transform((v) => {
      parses++;
      return v;
    });
    const parse = rememberingParser(counted);
    expect(() => parse({ page: '0' })).toThrow(ZodError);
    expect(() => parse({ page: '0' })).toThrow(ZodError);
    parse({ page: '1' });
    parse({ page: '1' });
    expect(parses).toBe(1);
  });

  it('keeps at most max inputs, forgetting the oldest', () => {
    let parses = 0;
    const parse = rememberingParser(
      schema.transform((v) => {
        parses++;
        return v;
      }),
      2,
    );
    parse({ page: 1 });
    parse({ page: 2 });
    parse({ page: 3 });
    expect(parses).toBe(3);
    parse({ page: 3 });
    parse({ page: 2 });
    expect(parses).toBe(3);
    parse({ page: 1 });
    expect(parses).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './databaseUnavailable.ts';

const withCode = (code: string) => Object.assign(new Error('pg'), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['too many connections', withCode('53300')],
    ['out of memory', withCode('53200')],
    ['disk full', withCode('53100')],
    ['the server shutting down', withCode('57P01')],
    ['the server starting', withCode('57P03')],
    ['a refused connection', withCode('ECONNREFUSED')],
    ["the pool's wait running out", new Error('timeout exceeded when trying to connect')],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a statement timeout', withCode('57014')],
    ['a plain bug', new TypeError('x is undefined')],
    ['no error at all', undefined],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { contractSerializerCompiler, droppedPaths, zodSerializerCompiler, zodValidatorCompiler } from './zodCompilers.ts';

const answer = z.object({ order: z.object({ _id: z.string(), total: z.number() }), messages: z.array(z.string()) });
const serialise = zodSerializerCompiler({ schema: answer as never, method: 'GET', url: '/api/x', httpStatus: '200' });

describe('the answer serialiser', () => {
  it('writes an answer that keeps its contract', () => {
    expect(JSON.parse(serialise({ order: { _id: 'o1', total: 5 }, messages: [] }))).toEqual({
      order: { _id: 'o1', total: 5 },
      messages: [],
    });
  });
  it('fails, under test, an answer with a field the contract lacks (it would be dropped)', () => {
    expect(() => serialise({ order: { _id: 'o1', total: 5, secret: 'x' }, messages: [] })).toThrow(/order\.secret/);
  });
  it('fails, under test, an answer of the wrong shape', () => {
    expect(() => serialise({ order: { _id: 'o1', total: '5' }, messages: [] })).toThrow(/breaks its contract/);
  });
  it('finds dropped fields in arrays and nested objects, not fields left undefined', () => {
    expect(droppedPaths({ a: [{ b: 1, c: 2 }], d: undefined }, { a: [{ b: 1 }] })).toEqual(['a[0].c']);
  });
});

describe('the answer writer in production (compiled from the contract, no zod parse)', () => {
  const shapes = z.object({
    _id: z.string(),
    note: z.string().nullable(),
    tags: z.array(z.string()).optional(),
    line: z.union([z.object({ kind: z.literal('cents'), cents: z.number().int() }), z.object({ kind: z.literal('none') })]),
    extra: z.record(z.number()),
  });
  const write = contractSerializerCompiler(false)({ schema: shapes as never, method: 'GET', url: '/api/y', httpStatus: '200' });

  it('writes only the fields the contract names', () => {
    const out = JSON.parse(write({ _id: 'a', note: null, line: { kind: 'cents', cents: 5 }, extra: { x: 1 }, passwordHash: 'secret' }));
    expect(out).toEqual({ _id: 'a', note: null, line: { kind: 'cents', cents: 5 }, extra: { x: 1 } });
  });
  it('writes optional, nullable and union members as the contract says', () => {
    expect(JSON.parse(write({ _id: 'b', note: 'n', tags: ['t'], line: { kind: 'none' }, extra: {} }))).toEqual({
      _id: 'b',
      note: 'n',
      tags: ['t'],
      line: { kind: 'none' },
      extra: {},
    });
  });
  it('sends the answer as built rather than fail the call when it lacks a required field', () => {
    expect(JSON.parse(write({ note: null, line: { kind: 'none' }, extra: {} }))).toEqual({ note: null, line: { kind: 'none' }, extra: {} });
  });
});

describe('the input validator', () => {
  it('refuses with the check’s own error and leaves a good value as it came', () => {
    const validate = zodValidatorCompiler((schema, input) => (schema as z.ZodTypeAny).parse(input))({
      schema: z.object({ n: z.number() }) as never,
      method: 'PUT',
      url: '/api/x',
      httpPart: 'body',
    });
    const body = { n: 1, extra: true };
    expect(validate(body)).toEqual({ value: body });
    expect((validate({ n: 'one' }) as { error: Error }).error).toBeInstanceOf(z.ZodError);
  });
});

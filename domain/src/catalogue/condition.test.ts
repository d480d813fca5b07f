import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { slabCertDecider, type SlabCertEvent } from './certReservation.ts';
import { conditionSchema, GRADES, gradeLabel, normaliseCertNumber } from './condition.ts';
import { itemPath, slugOf } from './itemPage.ts';

const slab = { kind: 'slab', grader: 'CGC', label: 'Universal', certNumber: '4012345001' };

describe('grades', () => {
  it('accepts every step of the 10-point scale, raw and slabbed', () => {
    expect(GRADES).toHaveLength(25);
    for (const grade of GRADES) {
      expect(conditionSchema.parse({ kind: 'raw', grade })).toEqual({ kind: 'raw', grade });
      expect(conditionSchema.parse({ ...slab, grade })).toMatchObject({ grade, pageQuality: null });
    }
  });

  it('refuses grades off the scale or between its steps', () => {
    for (const grade of [0, 0.4, 9.7, 9.5, 10.5, 11, -1, 8.1, 1.9]) {
      const result = conditionSchema.safeParse({ kind: 'raw', grade });
      expect(result.success, String(grade)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/step of the 10-point scale/);
    }
  });

  it('names grades as collectors do', () => {
    expect(gradeLabel(9.8)).toBe('NM/M 9.8');
    expect(gradeLabel(9.6)).toBe('NM+ 9.6');
    expect(gradeLabel(9.4)).toBe('NM 9.4');
    expect(gradeLabel(8.0)).toBe('VF 8.0');
    expect(gradeLabel(6.0)).toBe('FN 6.0');
    expect(gradeLabel(4.0)).toBe('VG 4.0');
    expect(gradeLabel(2.0)).toBe('GD 2.0');
    expect(gradeLabel(1.5)).toBe('FR/GD 1.5');
    expect(gradeLabel(0.5)).toBe('PR 0.5');
  });

  it('asks a slab for its grader, label and certification', () => {
    expect(conditionSchema.safeParse({ kind: 'slab', grade: 9.8 }).success).toBe(false);
    expect(conditionSchema.safeParse({ ...slab, grade: 9.8, grader: 'XYZ' }).error?.issues[0]?.message).toMatch(
      /Grader must be one of CGC, CBCS, PGX/,
    );
    expect(conditionSchema.safeParse({ kind: 'mint', grade: 9.8 }).error?.issues[0]?.message).toMatch(/raw' or 'slab/);
    expect(conditionSchema.parse(null)).toBeNull();
    expect(normaliseCertNumber(' 4012345-001 ')).toBe('4012345001');
  });
});

describe('slab certification reservations', () => {
  const spec = deciderSpec(slabCertDecider);
  const reserved = (stockItemId: string): SlabCertEvent => ({
    type: 'SlabCertReserved',
    data: { grader: 'CGC', certNumber: '4012345001', stockItemId },
  });
  const command = (type: 'ReserveSlabCert' | 'ReleaseSlabCert', stockItemId: string) =>
    ({ type, grader: 'CGC', certNumber: '4012345001', stockItemId }) as const;

  it('reserves a free certification for an item', () => {
    spec
      .given([])
      .when(command('ReserveSlabCert', 'a'))
      .then([reserved('a')]);
  });
  it('refuses a certification another item holds (409)', () => {
    spec
      .given([reserved('a')])
      .when(command('ReserveSlabCert', 'b'))
      .thenThrows(/already used for CGC/, 'conflict');
  });
  it('is idempotent for the holder and frees on release', () => {
    spec
      .given([reserved('a')])
      .when(command('ReserveSlabCert', 'a'))
      .then([]);
    spec
      .given([reserved('a')])
      .when(command('ReleaseSlabCert', 'b'))
      .then([]);
    spec
      .given([reserved('a'), { type: 'SlabCertReleased', data: { grader: 'CGC', certNumber: '4012345001', stockItemId: 'a' } }])
      .when(command('ReserveSlabCert', 'b'))
      .then([reserved('b')]);
  });
});

describe('item paths', () => {
  it('are /item/{id}/{slug} with the grade in the slug', () => {
    expect(slugOf('Amazing Spider-Man #300 – CGC NM/M 9.8 Universal')).toBe('amazing-spider-man-300-cgc-nm-m-9-8-universal');
    expect(
      itemPath({ stockItemId: 'abc', mainDescription: 'Saga #1', variantDescription: '', condition: { kind: 'raw', grade: 9.4 } }),
    ).toBe('/item/abc/saga-1-nm-9-4');
    expect(slugOf('!!!')).toBe('item');
  });
});

import { describe, expect, it } from 'vitest';
import { describeValue, isJobFinished, progressCounts, progressPercent } from './jobs';

describe('jobs', () => {
  it('knows finished states', () => {
    expect(isJobFinished('completed')).toBe(true);
    expect(isJobFinished('failed')).toBe(true);
    expect(isJobFinished('active')).toBe(false);
    expect(isJobFinished('waiting')).toBe(false);
  });
  it('reads progress', () => {
    expect(progressPercent(42)).toBe(42);
    expect(progressPercent(140)).toBe(100);
    expect(progressPercent({ done: 3, total: 12 })).toBe(25);
    expect(progressPercent({ percent: 10 })).toBe(10);
    expect(progressPercent(null)).toBeNull();
    expect(progressPercent({})).toBeNull();
    expect(describeValue({ message: 'Uploaded 4' })).toBe('Uploaded 4');
    expect(describeValue({ n: 1 })).toBe('{"n":1}');
    expect(progressCounts({ done: 3, total: 12, percent: 25, listed: 2, revised: 0, failed: 1 })).toBe(
      '3 of 12 done · listed 2 · failed 1',
    );
    expect(progressCounts(40)).toBeNull();
  });
});

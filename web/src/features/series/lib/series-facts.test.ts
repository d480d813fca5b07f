import { describe, expect, it } from 'vitest';
import { seriesFacts } from './series-facts';

describe('seriesFacts', () => {
  it('names the publisher and counts the issues', () => {
    expect(seriesFacts({ publisher: 'Marvel', issueCount: 12 })).toBe('Marvel · 12 issues');
    expect(seriesFacts({ publisher: '', issueCount: 1 })).toBe('1 issue');
    expect(seriesFacts({ publisher: 'DC', issueCount: 1200 })).toBe('DC · 1,200 issues');
  });
});

import { describe, expect, it } from 'vitest';
import { nextReveal } from './reveal';

describe('reveal', () => {
  it('shows 60 then 30 more', () => {
    expect(nextReveal(0, 200)).toBe(90);
    expect(nextReveal(60, 200)).toBe(90);
    expect(nextReveal(90, 100)).toBe(100);
  });
});

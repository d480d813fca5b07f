import { describe, expect, it } from 'vitest';
import { adminIconLabel, postingBadge } from './badge';

describe('posting badge', () => {
  it('is hidden at zero and caps at 99 with styles for 1 and over 9', () => {
    expect(postingBadge(0)).toBeNull();
    expect(postingBadge(1)).toEqual({ text: '1', variant: 'one' });
    expect(postingBadge(9)).toEqual({ text: '9', variant: 'few' });
    expect(postingBadge(10)).toEqual({ text: '10', variant: 'many' });
    expect(postingBadge(250)).toEqual({ text: '99', variant: 'many' });
  });
  it('names the Admin icon with the count', () => {
    expect(adminIconLabel(0)).toBe('Admin');
    expect(adminIconLabel(1)).toBe('Admin, 1 order needs posting');
    expect(adminIconLabel(120)).toBe('Admin, 120 orders need posting');
  });
});

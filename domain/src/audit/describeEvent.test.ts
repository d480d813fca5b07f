import { describe, expect, it } from 'vitest';
import { describeEvent, registerDescribers } from './describeEvent.ts';

describe('describeEvent', () => {
  it('uses the registered describer', () => {
    expect(describeEvent({ type: 'SiteSettingsSaved', data: { changes: { hideGames: false }, previous: { hideGames: true } } })).toBe(
      'Changed site settings: hide games from true to false',
    );
  });

  it('falls back to the type in plain words, and never throws on data it cannot read', () => {
    registerDescribers({ BrokenThing: () => (undefined as unknown as string).trim() });
    expect(describeEvent({ type: 'BrokenThing', data: {} })).toBe('Broken thing');
    expect(describeEvent({ type: 'SomethingNewHappened', data: null })).toBe('Something new happened');
  });
});

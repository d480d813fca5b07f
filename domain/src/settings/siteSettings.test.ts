import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { describeSiteSettingsEvent, siteSettingsDecider } from './siteSettings.ts';

const spec = deciderSpec(siteSettingsDecider);

describe('site settings', () => {
  it('records only what changed, with what it was before', () => {
    spec
      .given([])
      .when({ type: 'SaveSiteSettings', settings: { hideGames: false, hideAccessories: true, warningText: 'Closed Monday' } })
      .then([
        {
          type: 'SiteSettingsSaved',
          data: { changes: { hideGames: false, warningText: 'Closed Monday' }, previous: { hideGames: true, warningText: '' } },
        },
      ]);
  });

  it('records nothing when nothing changed', () => {
    spec
      .given([{ type: 'SiteSettingsSaved', data: { changes: { hideGames: false }, previous: { hideGames: true } } }])
      .when({ type: 'SaveSiteSettings', settings: { hideGames: false } })
      .then([]);
  });

  it('refuses bad values with a message naming the field', () => {
    spec
      .given([])
      .when({ type: 'SaveSiteSettings', settings: { updateTransactionsDays: 0 } })
      .thenThrows(/at least 1/, 'invalid');
    spec
      .given([])
      .when({ type: 'SaveSiteSettings', settings: { updateTransactionsDays: 2.5 } })
      .thenThrows(/whole number/);
    spec
      .given([])
      .when({ type: 'SaveSiteSettings', settings: { unknown: true } as never })
      .thenThrows(/Unrecognized key/);
  });

  it('describes a change in plain words', () => {
    expect(
      describeSiteSettingsEvent({ type: 'SiteSettingsSaved', data: { changes: { hideGames: false }, previous: { hideGames: true } } }),
    ).toBe('Changed site settings: hide games from true to false');
  });
});

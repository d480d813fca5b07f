import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { seriesDecider } from './series.ts';
import { seriesDisplayName, type SeriesEvent, type SeriesStarted } from './seriesEvents.ts';

const spec = deciderSpec(seriesDecider);
const fields = { title: 'Amazing Spider-Man', publisher: 'Marvel', volume: 2022 };
const started: SeriesStarted = { type: 'SeriesStarted', data: { seriesId: 'asm', ...fields } };
const merged: SeriesEvent = {
  type: 'SeriesMerged',
  data: { seriesId: 'asm', title: 'Amazing Spider-Man', intoSeriesId: 'asm-2', intoTitle: 'The Amazing Spider-Man' },
};

describe('StartSeries', () => {
  it('starts a series with its title, publisher and volume', () => {
    spec
      .given([])
      .when({ type: 'StartSeries', data: { seriesId: 'asm', series: fields } })
      .then([started]);
  });

  it('answers no event when the series exists (an import re-run, two imports racing)', () => {
    spec
      .given([started])
      .when({ type: 'StartSeries', data: { seriesId: 'asm', series: fields } })
      .then([]);
  });
});

describe('EditSeries', () => {
  it('records only what changed: a rename', () => {
    spec
      .given([started])
      .when({ type: 'EditSeries', data: { changes: { title: 'The Amazing Spider-Man', publisher: 'Marvel' } } })
      .then([
        {
          type: 'SeriesEdited',
          data: {
            seriesId: 'asm',
            title: 'Amazing Spider-Man',
            changes: { title: 'The Amazing Spider-Man' },
            previous: { title: 'Amazing Spider-Man' },
          },
        },
      ]);
    spec
      .given([started])
      .when({ type: 'EditSeries', data: { changes: { volume: 2022 } } })
      .then([]);
  });

  it('refuses an unknown or merged series', () => {
    spec
      .given([])
      .when({ type: 'EditSeries', data: { changes: { title: 'x' } } })
      .thenThrows(/Series not found/, 'not-found');
    spec
      .given([started, merged])
      .when({ type: 'EditSeries', data: { changes: { title: 'x' } } })
      .thenThrows(/merged/, 'conflict');
  });
});

describe('MergeSeriesInto and AbsorbSeries', () => {
  it('merges a series into another, once', () => {
    spec
      .given([started])
      .when({ type: 'MergeSeriesInto', data: { intoSeriesId: 'asm-2', intoTitle: 'The Amazing Spider-Man' } })
      .then([merged]);
    spec
      .given([started, merged])
      .when({ type: 'MergeSeriesInto', data: { intoSeriesId: 'asm-2', intoTitle: 'The Amazing Spider-Man' } })
      .then([]);
  });

  it('refuses a merge into itself, or a second merge elsewhere', () => {
    spec
      .given([started])
      .when({ type: 'MergeSeriesInto', data: { intoSeriesId: 'asm', intoTitle: 'x' } })
      .thenThrows(/itself/, 'invalid');
    spec
      .given([started, merged])
      .when({ type: 'MergeSeriesInto', data: { intoSeriesId: 'other', intoTitle: 'x' } })
      .thenThrows(/merged/, 'conflict');
  });

  it('records on the surviving series which series joined it, once', () => {
    const absorbed: SeriesEvent = {
      type: 'SeriesAbsorbed',
      data: { seriesId: 'asm', title: 'Amazing Spider-Man', fromSeriesId: 'old', fromTitle: 'ASM' },
    };
    spec
      .given([started])
      .when({ type: 'AbsorbSeries', data: { fromSeriesId: 'old', fromTitle: 'ASM' } })
      .then([absorbed]);
    spec
      .given([started, absorbed])
      .when({ type: 'AbsorbSeries', data: { fromSeriesId: 'old', fromTitle: 'ASM' } })
      .then([]);
    spec
      .given([started, merged])
      .when({ type: 'AbsorbSeries', data: { fromSeriesId: 'old', fromTitle: 'ASM' } })
      .thenThrows(/merged/, 'conflict');
  });

  it('a merged series points at the one it joined', () => {
    const state = fold(seriesDecider, [started, merged]);
    expect(state).toMatchObject({ status: 'merged', mergedInto: 'asm-2' });
  });
});

describe('SetShelfDefault', () => {
  it('sets the copies ordered for the shelf, 0..100', () => {
    spec
      .given([started])
      .when({ type: 'SetShelfDefault', data: { shelfCopies: 3 } })
      .then([
        { type: 'SeriesShelfDefaultSet', data: { seriesId: 'asm', title: 'Amazing Spider-Man', shelfCopies: 3, previousShelfCopies: 0 } },
      ]);
    spec
      .given([started])
      .when({ type: 'SetShelfDefault', data: { shelfCopies: 0 } })
      .then([]);
    spec
      .given([started])
      .when({ type: 'SetShelfDefault', data: { shelfCopies: 101 } })
      .thenThrows(/0 to 100/, 'invalid');
    spec
      .given([started])
      .when({ type: 'SetShelfDefault', data: { shelfCopies: 1.5 } })
      .thenThrows(/whole number/, 'invalid');
  });
});

describe('seriesDisplayName', () => {
  it('shows a start year in brackets and a volume number as Vol.', () => {
    expect(seriesDisplayName({ title: 'Batman', volume: 2016 })).toBe('Batman (2016)');
    expect(seriesDisplayName({ title: 'Saga', volume: 2 })).toBe('Saga Vol. 2');
    expect(seriesDisplayName({ title: 'Saga', volume: null })).toBe('Saga');
  });
});

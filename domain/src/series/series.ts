/**
 * The series decider (stream type 'series', `series-{seriesId}`).
 *
 * Rules the issue leaves open, decided here (docs/pull-lists.md, "Decisions"):
 * - SERIES_START_IS_IDEMPOTENT: starting a series that exists answers no event (imports re-run,
 *   and two imports racing on one title, end on one series).
 * - MERGED_IS_FINAL: a merged series takes no edits, no shelf default and no second merge; the
 *   callers follow `mergedInto` to the series that lives on.
 * - A series cannot be merged into itself, nor into a series that was itself merged.
 * - Shelf copies are a whole number 0..MAX_SHELF_COPIES.
 */
import { DomainError, type Decider } from '../shared/decider.ts';
import { diffFields } from '../catalogue/changes.ts';
import type {
  SeriesAbsorbed,
  SeriesEdited,
  SeriesEvent,
  SeriesFields,
  SeriesMerged,
  SeriesShelfDefaultSet,
  SeriesStarted,
} from './seriesEvents.ts';

export const MAX_SHELF_COPIES = 100;
export const SERIES_NOT_FOUND = 'Series not found';

// ---- Commands ----

export type StartSeries = { type: 'StartSeries'; data: { seriesId: string; series: SeriesFields } };
export type EditSeries = { type: 'EditSeries'; data: { changes: Partial<SeriesFields> } };
/** On the source stream; the target's title is passed in (read from its stream in the same step). */
export type MergeSeriesInto = { type: 'MergeSeriesInto'; data: { intoSeriesId: string; intoTitle: string } };
/** On the target stream, in the same step as MergeSeriesInto. */
export type AbsorbSeries = { type: 'AbsorbSeries'; data: { fromSeriesId: string; fromTitle: string } };
export type SetShelfDefault = { type: 'SetShelfDefault'; data: { shelfCopies: number } };

export type SeriesCommand = StartSeries | EditSeries | MergeSeriesInto | AbsorbSeries | SetShelfDefault;

// ---- State ----

export type SeriesState =
  | { status: 'absent' }
  | {
      status: 'active' | 'merged';
      seriesId: string;
      series: SeriesFields;
      shelfCopies: number;
      /** The series this one was merged into (status 'merged'). */
      mergedInto: string | null;
      /** Series merged into this one. */
      absorbed: readonly string[];
    };
export type ExistingSeries = Exclude<SeriesState, { status: 'absent' }>;

export const initialSeriesState = (): SeriesState => ({ status: 'absent' });

function existing(state: SeriesState): ExistingSeries {
  if (state.status === 'absent') throw new DomainError(SERIES_NOT_FOUND, 'not-found');
  return state;
}

/** The series, refusing a merged one (MERGED_IS_FINAL). */
export function activeSeries(state: SeriesState): ExistingSeries {
  const series = existing(state);
  if (series.status === 'merged') {
    throw new DomainError(`${series.series.title} was merged into another series; change that one instead`, 'conflict');
  }
  return series;
}

// ---- Decide ----

export function startSeries(command: StartSeries['data'], state: SeriesState): SeriesStarted[] {
  if (state.status !== 'absent') return [];
  return [{ type: 'SeriesStarted', data: { seriesId: command.seriesId, ...command.series } }];
}

export function editSeries(command: EditSeries['data'], state: SeriesState): SeriesEdited[] {
  const series = activeSeries(state);
  const diff = diffFields(series.series, command.changes);
  if (!diff) return [];
  return [{ type: 'SeriesEdited', data: { seriesId: series.seriesId, title: series.series.title, ...diff } }];
}

export function mergeSeriesInto(command: MergeSeriesInto['data'], state: SeriesState): SeriesMerged[] {
  const series = existing(state);
  if (series.status === 'merged' && series.mergedInto === command.intoSeriesId) return [];
  activeSeries(state);
  if (command.intoSeriesId === series.seriesId) throw new DomainError('A series cannot be merged into itself', 'invalid');
  return [
    {
      type: 'SeriesMerged',
      data: { seriesId: series.seriesId, title: series.series.title, intoSeriesId: command.intoSeriesId, intoTitle: command.intoTitle },
    },
  ];
}

export function absorbSeries(command: AbsorbSeries['data'], state: SeriesState): SeriesAbsorbed[] {
  const series = activeSeries(state);
  if (series.absorbed.includes(command.fromSeriesId)) return [];
  if (command.fromSeriesId === series.seriesId) throw new DomainError('A series cannot be merged into itself', 'invalid');
  return [
    {
      type: 'SeriesAbsorbed',
      data: { seriesId: series.seriesId, title: series.series.title, fromSeriesId: command.fromSeriesId, fromTitle: command.fromTitle },
    },
  ];
}

export function setShelfDefault(command: SetShelfDefault['data'], state: SeriesState): SeriesShelfDefaultSet[] {
  const series = activeSeries(state);
  const copies = command.shelfCopies;
  if (!Number.isSafeInteger(copies) || copies < 0 || copies > MAX_SHELF_COPIES) {
    throw new DomainError(`Shelf copies must be a whole number from 0 to ${MAX_SHELF_COPIES}`, 'invalid');
  }
  if (copies === series.shelfCopies) return [];
  return [
    {
      type: 'SeriesShelfDefaultSet',
      data: { seriesId: series.seriesId, title: series.series.title, shelfCopies: copies, previousShelfCopies: series.shelfCopies },
    },
  ];
}

export function decideSeries(command: SeriesCommand, state: SeriesState): SeriesEvent[] {
  switch (command.type) {
    case 'StartSeries':
      return startSeries(command.data, state);
    case 'EditSeries':
      return editSeries(command.data, state);
    case 'MergeSeriesInto':
      return mergeSeriesInto(command.data, state);
    case 'AbsorbSeries':
      return absorbSeries(command.data, state);
    case 'SetShelfDefault':
      return setShelfDefault(command.data, state);
    default: {
      const unknown: never = command;
      throw new DomainError(`Unknown series command ${(unknown as { type: string }).type}`, 'invalid');
    }
  }
}

// ---- Evolve ----

export function evolveSeries(state: SeriesState, event: SeriesEvent): SeriesState {
  if (event.type === 'SeriesStarted') {
    const { seriesId, ...series } = event.data;
    return { status: 'active', seriesId, series, shelfCopies: 0, mergedInto: null, absorbed: [] };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'SeriesEdited':
      return { ...state, series: { ...state.series, ...event.data.changes } };
    case 'SeriesMerged':
      return { ...state, status: 'merged', mergedInto: event.data.intoSeriesId };
    case 'SeriesAbsorbed':
      return { ...state, absorbed: [...state.absorbed, event.data.fromSeriesId] };
    case 'SeriesShelfDefaultSet':
      return { ...state, shelfCopies: event.data.shelfCopies };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const seriesDecider: Decider<SeriesCommand, SeriesEvent, SeriesState> = {
  streamType: 'series',
  initialState: initialSeriesState,
  decide: decideSeries,
  evolve: evolveSeries,
};

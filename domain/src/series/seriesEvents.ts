/**
 * Events of the 'series' stream (`series-{seriesId}`). A series is a run of a comic title
 * ("Amazing Spider-Man", Marvel, 2022); stock items point at it with their `seriesId`.
 * Each event's data names the series' title so projections and the audit never read other streams.
 */
import type { DomainEvent } from '../shared/events.ts';

/** What the admin can edit about a series. `volume` is a volume number (1..99) or a start year (1900..2100), null when unknown. */
export interface SeriesFields {
  title: string;
  publisher: string;
  volume: number | null;
}

export type SeriesStarted = DomainEvent<'SeriesStarted', { seriesId: string } & SeriesFields>;

/** Only the fields that changed; `previous` has the same keys with the values before. A title change is a rename. */
export type SeriesEdited = DomainEvent<
  'SeriesEdited',
  { seriesId: string; title: string; changes: Partial<SeriesFields>; previous: Partial<SeriesFields> }
>;

/** On the merged (source) stream: this series is now part of `intoSeriesId`; its issues and subscribers move there. */
export type SeriesMerged = DomainEvent<'SeriesMerged', { seriesId: string; title: string; intoSeriesId: string; intoTitle: string }>;

/** On the surviving (target) stream: `fromSeriesId` was merged into this series. */
export type SeriesAbsorbed = DomainEvent<'SeriesAbsorbed', { seriesId: string; title: string; fromSeriesId: string; fromTitle: string }>;

/** Copies of each new issue the shop orders for its shelf (the FOC worksheet's "shelf"). */
export type SeriesShelfDefaultSet = DomainEvent<
  'SeriesShelfDefaultSet',
  { seriesId: string; title: string; shelfCopies: number; previousShelfCopies: number }
>;

export type SeriesEvent = SeriesStarted | SeriesEdited | SeriesMerged | SeriesAbsorbed | SeriesShelfDefaultSet;
export type SeriesEventType = SeriesEvent['type'];

const EVENT_TYPE_SET: Record<SeriesEventType, true> = {
  SeriesStarted: true,
  SeriesEdited: true,
  SeriesMerged: true,
  SeriesAbsorbed: true,
  SeriesShelfDefaultSet: true,
};
/** Every series event type (checked complete by the compiler). */
export const SERIES_EVENT_TYPES = Object.keys(EVENT_TYPE_SET) as SeriesEventType[];

/** "Amazing Spider-Man (2022)", "Saga Vol. 2": how a series is named on screens and in messages. */
export function seriesDisplayName(series: Pick<SeriesFields, 'title' | 'volume'>): string {
  if (series.volume === null) return series.title;
  return series.volume >= 1900 ? `${series.title} (${series.volume})` : `${series.title} Vol. ${series.volume}`;
}

/** Plain-words descriptions of series events for the audit history. */
import { describeChanges, type FieldFormat } from '../catalogue/auditFormat.ts';
import { seriesDisplayName, type SeriesEvent, type SeriesFields } from './seriesEvents.ts';

const SERIES_FIELD_FORMATS: Readonly<Record<keyof SeriesFields, FieldFormat>> = {
  title: { label: 'title', kind: 'text' },
  publisher: { label: 'publisher', kind: 'text' },
  volume: { label: 'volume', kind: 'count' },
};

export function describeSeriesEvent(event: SeriesEvent): string {
  switch (event.type) {
    case 'SeriesStarted':
      return `Started the series ${seriesDisplayName(event.data)}${event.data.publisher ? ` (${event.data.publisher})` : ''}`;
    case 'SeriesEdited':
      return describeChanges(`the series ${event.data.title}`, SERIES_FIELD_FORMATS, event.data.changes, event.data.previous);
    case 'SeriesMerged':
      return `Merged the series ${event.data.title} into ${event.data.intoTitle}`;
    case 'SeriesAbsorbed':
      return `The series ${event.data.fromTitle} was merged into ${event.data.title}`;
    case 'SeriesShelfDefaultSet':
      return `Set the shelf copies of ${event.data.title} from ${event.data.previousShelfCopies} to ${event.data.shelfCopies}`;
  }
}

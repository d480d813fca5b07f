import { SERIES_EVENT_TYPES, seriesKey, type SeriesEvent } from '@shop/domain/series/index';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { Projector } from '../runner/projector.ts';
import type { SeriesTables } from './tables.ts';

type SeriesRow = SeriesTables['series'];

/** The `series` table: one row per series started; a merged series keeps its row with `merged_into` set. */
export const seriesProjector: Projector = {
  name: 'series',
  tables: ['series'],
  eventTypes: SERIES_EVENT_TYPES,
  async apply(trx, events: RecordedEvent[]) {
    for (const recorded of events) {
      const event = recorded as unknown as SeriesEvent;
      const id = event.data.seriesId;
      const update = (set: Partial<SeriesRow>) => trx.updateTable('series').set(set).where('series_id', '=', id).execute();
      switch (event.type) {
        case 'SeriesStarted':
          await trx
            .insertInto('series')
            .values({
              series_id: id,
              title: event.data.title,
              title_key: seriesKey(event.data.title),
              publisher: event.data.publisher,
              volume: event.data.volume,
              shelf_copies: 0,
              merged_into: null,
              started_position: recorded.position.globalPosition.toString(),
            })
            .onConflict((c) => c.column('series_id').doNothing())
            .execute();
          break;
        case 'SeriesEdited': {
          const c = event.data.changes;
          const set: Partial<SeriesRow> = {};
          if (c.title !== undefined) Object.assign(set, { title: c.title, title_key: seriesKey(c.title) });
          if (c.publisher !== undefined) set.publisher = c.publisher;
          if (c.volume !== undefined) set.volume = c.volume;
          if (Object.keys(set).length > 0) await update(set);
          break;
        }
        case 'SeriesMerged':
          await update({ merged_into: event.data.intoSeriesId });
          // A series merged earlier into this one now follows it to the same place.
          await trx.updateTable('series').set({ merged_into: event.data.intoSeriesId }).where('merged_into', '=', id).execute();
          break;
        case 'SeriesAbsorbed':
          break;
        case 'SeriesShelfDefaultSet':
          await update({ shelf_copies: event.data.shelfCopies });
          break;
      }
    }
  },
};

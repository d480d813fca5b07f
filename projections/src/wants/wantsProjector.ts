import { issueKey, titleKey, WANT_LIST_EVENT_TYPES, type WantListEvent } from '@shop/domain/wants/index';
import type { Projector } from '../runner/projector.ts';

/** `wants`: every want on every list, as added and removed (alerts change nothing here). */
export const wantsProjector: Projector = {
  name: 'wants',
  tables: ['wants'],
  eventTypes: WANT_LIST_EVENT_TYPES.filter((t) => t !== 'WantAlerted'),
  async apply(trx, events) {
    for (const recorded of events) {
      const event = recorded as unknown as WantListEvent;
      if (event.type === 'WantAdded') {
        const w = event.data;
        await trx
          .insertInto('wants')
          .values({
            want_id: w.wantId,
            user_id: w.userId,
            series_id: w.seriesId ?? null,
            title: w.title ?? null,
            title_key: w.title ? titleKey(w.title) : null,
            issue_number: w.issueNumber ?? null,
            issue_key: w.issueNumber ? issueKey(w.issueNumber) : null,
            grade_min: w.gradeMin === null || w.gradeMin === undefined ? null : String(w.gradeMin),
            stock_id: w.stockId ?? null,
            created_at: new Date(w.createdAt),
            added_position: recorded.position.globalPosition.toString(),
          })
          .onConflict((oc) => oc.column('want_id').doNothing())
          .execute();
      } else if (event.type === 'WantRemoved') {
        await trx.deleteFrom('wants').where('want_id', '=', event.data.wantId).execute();
      }
    }
  },
};

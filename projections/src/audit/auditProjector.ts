import { describeEvent } from '@shop/domain/audit/describeEvent';
import type { Actor, RecordedEvent } from '@shop/domain/shared/events';
import type { Projector } from '../runner/projector.ts';

function who(actor: Actor | undefined): { actor_kind: string; user_id: string | null; user_name: string; user_email: string } {
  if (!actor || actor.kind === 'guest') return { actor_kind: 'guest', user_id: null, user_name: 'Guest', user_email: '' };
  if (actor.kind === 'system') return { actor_kind: 'system', user_id: null, user_name: actor.name, user_email: '' };
  return { actor_kind: 'user', user_id: actor.userId, user_name: actor.name, user_email: actor.email };
}

export function auditRow(event: RecordedEvent) {
  return {
    event_id: event.eventId,
    global_position: event.position.globalPosition.toString(),
    stream_id: event.streamId,
    stream_type: event.streamType,
    stream_position: event.streamPosition,
    event_type: event.type,
    ...who(event.metadata?.actor),
    description: describeEvent({ type: event.type, data: event.data }),
    created_at: event.createdAt,
  };
}

/** The audit history: one row per event, every stream, described in plain words. */
export const auditProjector: Projector = {
  name: 'audit',
  tables: ['audit_entries'],
  eventTypes: 'all',
  async apply(trx, events) {
    // Multi-row inserts keep rebuilds fast; 1,000 rows x 12 columns stays under PostgreSQL's 65,535 parameters.
    for (let i = 0; i < events.length; i += 1000) {
      await trx.insertInto('audit_entries').values(events.slice(i, i + 1000).map(auditRow)).execute();
    }
  },
};

import { sql } from 'kysely';
import { describeEvent, isAudited } from '@shop/domain/audit/describeEvent';
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

/** The audit history: one row per event of every stream, described in plain words (but the few left out: isAudited). */
export const auditProjector: Projector = {
  name: 'audit',
  tables: ['audit_entries'],
  eventTypes: 'all',
  async apply(trx, events) {
    // One statement per batch: twelve array parameters unnested, rather than twelve parameters a row.
    const rows = events.filter((e) => isAudited(e.type)).map(auditRow);
    if (rows.length === 0) return;
    const col = <K extends keyof ReturnType<typeof auditRow>>(k: K) => rows.map((r) => r[k]);
    await sql`
      insert into audit_entries (event_id, global_position, stream_id, stream_type, stream_position, event_type,
                                 actor_kind, user_id, user_name, user_email, description, created_at)
      select * from unnest(${col('event_id')}::uuid[], ${col('global_position')}::bigint[], ${col('stream_id')}::text[],
        ${col('stream_type')}::text[], ${col('stream_position')}::int[], ${col('event_type')}::text[], ${col('actor_kind')}::text[],
        ${col('user_id')}::text[], ${col('user_name')}::text[], ${col('user_email')}::text[], ${col('description')}::text[],
        ${col('created_at')}::timestamptz[])`.execute(trx);
  },
};

import { batchDecider, stockItemDecider } from '@shop/domain/catalogue/index';
import { checkListDecider } from '@shop/domain/checklist/index';
import { creditDecider } from '@shop/domain/credit/index';
import { describeEvent } from '@shop/domain/audit/describeEvent';
import { SECRET_KEY } from '@shop/domain/contract/admin';
import { orderDecider } from '@shop/domain/orders/index';
import type { Decider } from '@shop/domain/shared/decider';
import type { Actor, DomainEvent, RecordedEvent } from '@shop/domain/shared/events';
import { siteSettingsDecider } from '@shop/domain/settings/siteSettings';
import { userDecider } from '@shop/domain/users/index';
import type { EventStore } from '../eventstore/types.ts';
import { streamTypeOf } from '../eventstore/streamIds.ts';

/** The deciders whose streams the history replays, by stream type. */
const DECIDERS: Record<string, Decider<unknown, DomainEvent, unknown>> = {
  order: orderDecider as never,
  stock: stockItemDecider as never,
  batch: batchDecider as never,
  user: userDecider as never,
  credit: creditDecider as never,
  settings: siteSettingsDecider as never,
  checklist: checkListDecider as never,
};
export const REPLAYABLE_STREAM_TYPES = Object.keys(DECIDERS);

/** Plain JSON of a state: Maps become objects, Sets lists; secrets (SECRET_KEY: password hashes, reset and guest token hashes) are left out. */
export function plainState(value: unknown, depth = 0): unknown {
  if (depth > 12) return null;
  if (value instanceof Map) return Object.fromEntries([...value.entries()].map(([k, v]) => [String(k), plainState(v, depth + 1)]));
  if (value instanceof Set) return [...value].map((v) => plainState(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => plainState(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => (SECRET_KEY.test(k) ? [] : [[k, plainState(v, depth + 1)]])),
    );
  }
  return value;
}

function who(actor: Actor | undefined): { userName: string; userEmail: string } {
  if (!actor || actor.kind === 'guest') return { userName: 'Guest', userEmail: '' };
  if (actor.kind === 'system') return { userName: actor.name, userEmail: '' };
  return { userName: actor.name, userEmail: actor.email };
}

export interface StreamHistoryEntry {
  version: number;
  type: string;
  createdAt: string;
  userName: string;
  userEmail: string;
  description: string;
  /** The stream's state just after this event (for a stream with no decider: the event's data). */
  state: unknown;
}

/**
 * A stream replayed with its own decider: the state after each event, who caused it and when.
 * null when the stream has no events.
 */
export async function streamHistory(
  store: EventStore,
  streamId: string,
): Promise<{ streamId: string; streamType: string; entries: StreamHistoryEntry[] } | null> {
  const events: RecordedEvent[] = await store.readStream(streamId);
  if (events.length === 0) return null;
  const streamType = events[0]!.streamType || streamTypeOf(streamId);
  const decider = DECIDERS[streamType];
  let state = decider?.initialState();
  const entries = events.map((event) => {
    const domainEvent = { type: event.type, data: event.data } as DomainEvent;
    if (decider) state = decider.evolve(state, domainEvent);
    return {
      version: event.streamPosition,
      type: event.type,
      createdAt: event.createdAt.toISOString(),
      ...who(event.metadata?.actor),
      description: describeEvent(domainEvent),
      state: plainState(decider ? state : event.data),
    };
  });
  return { streamId, streamType, entries };
}

/** Who caused an event: a signed-in user, or a guest identified by nothing but their temp token. */
export type Actor = { kind: 'user'; userId: string; email: string; name: string } | { kind: 'guest' } | { kind: 'system'; name: string };

export interface EventMetadata {
  actor: Actor;
  correlationId: string;
  causationId: string | null;
  requestId: string | null;
  /** ISO time the command was handled. */
  time: string;
}

/** An event as a decider produces it: a type and its data, nothing else. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** Where an event sits in the global order: the committing transaction, then the global position. */
export interface GlobalPosition {
  transactionId: bigint;
  globalPosition: bigint;
}

export interface RecordedEvent<E extends DomainEvent = DomainEvent> {
  eventId: string;
  streamId: string;
  streamType: string;
  /** 1-based position in its stream; after it the stream's version equals this number. */
  streamPosition: number;
  position: GlobalPosition;
  type: E['type'];
  schemaVersion: number;
  data: E['data'];
  metadata: EventMetadata;
  createdAt: Date;
}

export const GUEST_ACTOR: Actor = { kind: 'guest' };
export const SYSTEM_ACTOR = (name: string): Actor => ({ kind: 'system', name });

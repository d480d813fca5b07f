import type { Decider } from '@shop/domain/shared/decider';
import type { DomainEvent, RecordedEvent } from '@shop/domain/shared/events';
import type { EventStore } from '../eventstore/types.ts';

/** Events this process appended to a stream at `version` (a handler's Decision, see handle.ts). */
export interface AppendedEvents {
  streamType: string;
  streamId: string;
  version: number;
  events: readonly DomainEvent[];
}

/** A stream's state as of `version` (the number of its events folded into it). */
export interface KnownState<S> {
  state: S;
  version: number;
}

/** The kept states' versions by stream: readStreams' `after`, so that only the events since are read. */
export function versionsOf(kept: ReadonlyMap<string, KnownState<unknown>>): Map<string, number> {
  return new Map([...kept].map(([id, known]) => [id, known.version]));
}

/**
 * The states of one stream type this process last read or wrote, by stream, so that loading one
 * reads only the events appended since instead of the stream whole (a shopper's order grows by an
 * event each search; a popular item's stock by two each sale). Nothing is trusted without reading:
 * the events after the kept version are always read, so a state another process moved on is caught
 * up before anything is decided on it, and the expected-version append still refuses a stream that
 * moves after the read. Events are never removed from a stream, so a kept version never runs ahead
 * of the store's. The least recently used streams are forgotten beyond `limit`.
 */
export class KnownStates<E extends DomainEvent, S> {
  private readonly known = new Map<string, KnownState<S>>();

  constructor(
    private readonly decider: Pick<Decider<unknown, E, S>, 'streamType' | 'initialState' | 'evolve'>,
    private readonly limit: number,
  ) {}

  /**
   * The kept states of those of `streamIds` this process knows, as they are now: read only the events
   * after their versions, then `catchUp` from these (not from whatever is kept by then: another
   * request may have moved it on meanwhile).
   */
  keptOf(streamIds: readonly string[]): Map<string, KnownState<S>> {
    const kept = new Map<string, KnownState<S>>();
    for (const id of streamIds) {
      const known = this.known.get(id);
      if (known) kept.set(id, known);
    }
    return kept;
  }

  /** A stream's state from `from` (none: the stream's start) and the events read after it, kept for next time. */
  catchUp(streamId: string, from: KnownState<S> | undefined, events: readonly RecordedEvent[]): KnownState<S> {
    const base = from ?? { state: this.decider.initialState(), version: 0 };
    const next = { state: (events as unknown as E[]).reduce(this.decider.evolve, base.state), version: base.version + events.length };
    this.remember(streamId, next);
    return next;
  }

  /** A stream's current state: the kept one caught up with the events read after it, in one read. */
  async read(store: Pick<EventStore, 'readStream'>, streamId: string): Promise<KnownState<S>> {
    const kept = this.known.get(streamId);
    const events = await store.readStream(streamId, { fromVersion: kept?.version ?? 0 });
    return this.catchUp(streamId, kept, events);
  }

  /**
   * A stream's current state (as `read`), read in one round trip with `others`: those whole, or
   * after their versions in `othersAfter`. Answers the state and what was read of the others.
   */
  async readWith(
    store: Pick<EventStore, 'readStreams'>,
    streamId: string,
    others: readonly string[],
    othersAfter: ReadonlyMap<string, number> = new Map(),
  ): Promise<{ known: KnownState<S>; read: Map<string, RecordedEvent[]> }> {
    const kept = this.known.get(streamId);
    const read = await store.readStreams([streamId, ...others], { after: new Map([...othersAfter, [streamId, kept?.version ?? 0]]) });
    return { known: this.catchUp(streamId, kept, read.get(streamId) ?? []), read };
  }

  /**
   * Moves a kept state on by a decision this process just appended (handle.ts `append` calls it for
   * every one): the state kept at the version it was decided on, or the initial one for a new stream,
   * with its events. Another stream type's decision, or a stream not kept at that version, is left.
   */
  advance(appended: AppendedEvents): void {
    if (appended.streamType !== this.decider.streamType || appended.events.length === 0) return;
    const base = appended.version === 0 ? { state: this.decider.initialState(), version: 0 } : this.known.get(appended.streamId);
    if (base?.version !== appended.version) return;
    const events = appended.events as readonly E[];
    this.remember(appended.streamId, { state: events.reduce(this.decider.evolve, base.state), version: base.version + events.length });
  }

  /** Keeps a stream's state, unless a newer one is kept. */
  remember(streamId: string, known: KnownState<S>): void {
    const kept = this.known.get(streamId);
    if (kept && kept.version > known.version) return;
    this.known.delete(streamId);
    this.known.set(streamId, known);
    if (this.known.size > this.limit) this.known.delete(this.known.keys().next().value!);
  }

  get size(): number {
    return this.known.size;
  }
}

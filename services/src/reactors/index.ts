import type { GlobalPosition, RecordedEvent } from '@shop/domain/shared/events';
import { comparePositionsFromStart, type EventSource } from '@shop/projections/runner/eventSource';
import { typesOf, type Projector } from '@shop/projections/runner/projector';
import type { Queues } from '../queue/queues.ts';
import type { Deps } from '../deps/deps.ts';
import { ebayQuantityReactor } from './ebayQuantityReactor.ts';
import { emailReactor } from './emailReactor.ts';
import { pullListReactor } from './pullListReactor.ts';
import { WANTS_REACTOR, wantsReactor } from './wantsReactor.ts';

/**
 * Reactors run in the worker process on the projection runner (checkpointed, one active instance),
 * but they are not read models: `npm run rebuild` never replays them.
 */
export function allReactors(ctx: Pick<Deps, 'store' | 'config' | 'ids' | 'db' | 'clock'>, queues: Queues): Projector[] {
  return [emailReactor(ctx.store, ctx.config, queues), ebayQuantityReactor(queues), wantsReactor(ctx.store), pullListReactor(ctx)];
}

export const REACTOR_NAMES = ['reactor-email', 'reactor-ebay-quantity', WANTS_REACTOR, 'reactor-pull-list'] as const;

/** The type of the marker reactorSource puts where a read of the log ended; no reactor reads it. */
export const READ_END_MARKER = '$reactors-read-end';

/**
 * The log as the reactors read it: only the event types some reactor wants. The runner reads the end
 * of the log once for all its projectors, every type, and a checkout writes some sixteen events of
 * which the reactors want one: the worker spent more on loading and parsing the others than on the
 * reactor itself. Reads for the runner's shared tail (no types named) ask the store for the wanted
 * types only, and end with a marker at the position the store read to (past the unwanted events
 * after the last wanted one), so the tail and its readers move on past them: the tail answers a
 * reader up to the last event it keeps. The marker is of a type no reactor wants: the runner filters
 * it out before `apply`. Reads naming types (a reactor behind the tail) go to the store unchanged.
 */
export function reactorSource(source: EventSource, reactors: readonly Projector[]): EventSource {
  const wanted = reactors.map(typesOf);
  if (wanted.some((types) => types === undefined)) return source;
  const types = [...new Set(wanted.flat() as string[])];
  return {
    async readAll(options) {
      if (options.types || options.upTo) return source.readAll(options);
      const read = await source.readAll({ ...options, types });
      const last = read.events.at(-1)?.position ?? options.after ?? null;
      if (read.next === null || comparePositionsFromStart(read.next, last) <= 0) return read;
      return { events: [...read.events, readEndMarker(read.next)], next: read.next };
    },
    countAfter: (after, only) => source.countAfter(after, only),
    onAppended: (listener) => source.onAppended(listener),
  };
}

function readEndMarker(position: GlobalPosition): RecordedEvent {
  return {
    eventId: `${READ_END_MARKER}-${position.transactionId}-${position.globalPosition}`,
    streamId: READ_END_MARKER,
    streamType: READ_END_MARKER,
    streamPosition: 0,
    position,
    type: READ_END_MARKER,
    schemaVersion: 1,
    data: null,
    metadata: {
      actor: { kind: 'system', name: 'reactors' },
      correlationId: '',
      causationId: null,
      requestId: null,
      time: new Date(0).toISOString(),
    },
    createdAt: new Date(0),
  };
}

import type { Projector } from '@shop/projections/runner/projector';
import type { Config } from '../config/config.ts';
import type { EventStore } from '../eventstore/types.ts';
import type { Queues } from '../queue/queues.ts';
import { emailReactor } from './emailReactor.ts';

/**
 * Reactors run in the worker process on the projection runner (checkpointed, one active instance),
 * but they are not read models: `npm run rebuild` never replays them.
 */
export function allReactors(store: EventStore, config: Config, queues: Queues): Projector[] {
  return [emailReactor(store, config, queues)];
}

export const REACTOR_NAMES = ['reactor-email'] as const;

import { DomainError, type Decider } from '../shared/decider.ts';
import type { DomainEvent } from '../shared/events.ts';

/** The setup's marker stream: the demo catalogue was loaded (or claimed by another process) once. */
export type DemoDataLoaded = DomainEvent<'DemoDataLoaded', { seed: string; items: number }>;

export interface LoadDemoData {
  type: 'LoadDemoData';
  seed: string;
  items: number;
}

export const demoDataMarkerDecider: Decider<LoadDemoData, DemoDataLoaded, { loaded: boolean }> = {
  streamType: 'setup',
  initialState: () => ({ loaded: false }),
  decide(command, state) {
    if (state.loaded) throw new DomainError('The demo data was loaded already', 'conflict');
    return [{ type: 'DemoDataLoaded', data: { seed: command.seed, items: command.items } }];
  },
  evolve: () => ({ loaded: true }),
};

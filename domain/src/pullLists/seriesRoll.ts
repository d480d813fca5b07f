/**
 * A series' subscriber roll (stream type 'pullListSeries', `pullListSeries-{seriesId}`): who
 * subscribes, in the order they subscribed. Written in the same append as the customer's
 * PullListSubscribed / PullListUnsubscribed, so the reactor reading it on the write side sees every
 * subscription made before an issue entered, in order (no read model to wait for).
 * A customer who leaves and subscribes again goes to the end of the roll.
 */
import type { Decider } from '../shared/decider.ts';
import type { SeriesRollEvent } from './pullListEvents.ts';

export type JoinRoll = { type: 'JoinRoll'; data: { seriesId: string; userId: string } };
export type LeaveRoll = { type: 'LeaveRoll'; data: { seriesId: string; userId: string } };
export type SeriesRollCommand = JoinRoll | LeaveRoll;

/** The subscribers' user ids in subscription order. */
export interface SeriesRollState {
  subscribers: readonly string[];
}

export function decideSeriesRoll(command: SeriesRollCommand, state: SeriesRollState): SeriesRollEvent[] {
  const on = state.subscribers.includes(command.data.userId);
  if (command.type === 'JoinRoll') return on ? [] : [{ type: 'SeriesSubscriberJoined', data: command.data }];
  return on ? [{ type: 'SeriesSubscriberLeft', data: command.data }] : [];
}

export function evolveSeriesRoll(state: SeriesRollState, event: SeriesRollEvent): SeriesRollState {
  const others = state.subscribers.filter((u) => u !== event.data.userId);
  return { subscribers: event.type === 'SeriesSubscriberJoined' ? [...others, event.data.userId] : others };
}

export const seriesRollDecider: Decider<SeriesRollCommand, SeriesRollEvent, SeriesRollState> = {
  streamType: 'pullListSeries',
  initialState: () => ({ subscribers: [] }),
  decide: decideSeriesRoll,
  evolve: evolveSeriesRoll,
};

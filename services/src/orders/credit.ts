import { creditDecider } from '@shop/domain/credit/index';
import { loadStream } from '../commands/loadStream.ts';
import type { EventStore } from '../eventstore/types.ts';
import { creditStreamId } from './streams.ts';

/** A user's store credit balance in cents, from the write side (the sum of their credit events). */
export async function creditBalance(store: EventStore, userId: string): Promise<number> {
  const { state } = await loadStream(store, creditDecider, creditStreamId(userId));
  return state.balanceCents;
}

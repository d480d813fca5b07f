/**
 * Certification numbers unique per grader (issue 18): each slab's certification is a reservation
 * stream (`slabcert-{grader}-{number}`, domain/src/catalogue/certReservation.ts) decided in the same
 * step as the stock item, so the item and its reservation are appended together or not at all, and
 * two items racing for one certification meet at the reservation stream's expected version.
 */
import { certificationOf, slabCertDecider, slabCertKey, type Condition, type SlabCertCommand } from '@shop/domain/catalogue/index';
import { fold } from '@shop/domain/shared/decider';
import type { EventStore } from '../eventstore/types.ts';
import { decide, decision, type Decision } from '../commands/handle.ts';
import { streamId } from '../eventstore/streamIds.ts';

export const slabCertStream = (grader: string, certNumber: string) => streamId('slabcert', slabCertKey(grader, certNumber));

/** The reservation commands moving an item from one condition to another: release the old certification, reserve the new one. */
export function certCommands(
  stockItemId: string,
  before: Condition | null | undefined,
  after: Condition | null | undefined,
): SlabCertCommand[] {
  const was = certificationOf(before);
  const now = certificationOf(after);
  if (was && now && was.grader === now.grader && was.certNumber === now.certNumber) return [];
  return [
    ...(was ? [{ type: 'ReleaseSlabCert' as const, ...was, stockItemId }] : []),
    ...(now ? [{ type: 'ReserveSlabCert' as const, ...now, stockItemId }] : []),
  ];
}

/** Reads each command's reservation stream and decides it: the decisions to append beside the item's. */
export async function certDecisions(store: EventStore, commands: readonly SlabCertCommand[]): Promise<Decision[]> {
  const decisions: Decision[] = [];
  for (const command of commands) {
    const id = slabCertStream(command.grader, command.certNumber);
    const events = await store.readStream(id);
    const { events: decided } = decide(slabCertDecider, [command], fold(slabCertDecider, events as never));
    decisions.push(decision(slabCertDecider, id, events.length, decided));
  }
  return decisions;
}

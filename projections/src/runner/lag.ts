import type { Kysely } from 'kysely';
import type { ReadModels } from '../schema.ts';
import { readCheckpoint } from './checkpoints.ts';
import type { EventSource } from './eventSource.ts';
import { typesOf, type Projector } from './projector.ts';

export interface ProjectorLag {
  projector: string;
  checkpoint: string | null;
  eventsBehind: number;
  /** Age of the oldest event not yet applied; 0 when caught up. */
  secondsBehind: number;
}

export async function projectionLag(
  db: Kysely<ReadModels>,
  source: EventSource,
  projectors: readonly Projector[],
  now: Date = new Date(),
): Promise<ProjectorLag[]> {
  return Promise.all(
    projectors.map(async (p) => {
      const checkpoint = await readCheckpoint(db, p.name);
      const [eventsBehind, oldest] = await Promise.all([
        source.countAfter(checkpoint, typesOf(p)),
        source.readAll({ after: checkpoint, limit: 500, types: typesOf(p) }),
      ]);
      const first = oldest.events[0];
      return {
        projector: p.name,
        checkpoint: checkpoint ? `${checkpoint.transactionId}:${checkpoint.globalPosition}` : null,
        eventsBehind,
        secondsBehind: first ? Math.max(0, (now.getTime() - first.createdAt.getTime()) / 1000) : 0,
      };
    }),
  );
}

import { randomUUID } from 'node:crypto';
import type { Actor, EventMetadata } from '@shop/domain/shared/events';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps/deps.ts';

/** Metadata for the events a request appends: who, when (the process's clock), and the ids that tie one request's events together. */
export function requestMetadata(ctx: Pick<Deps, 'clock'>, request: FastifyRequest, actor: Actor): EventMetadata {
  const header = request.headers['x-correlation-id'];
  const correlationId = typeof header === 'string' && /^[\w-]{8,64}$/.test(header) ? header : request.id;
  return { actor, correlationId, causationId: null, requestId: request.id, time: ctx.clock().toISOString() };
}

export const newRequestId = () => randomUUID();

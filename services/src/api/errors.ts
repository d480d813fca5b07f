import { DomainError, type ErrorKind } from '@shop/domain/shared/decider';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/databaseUnavailable.ts';
import { ConcurrencyError } from '../eventstore/types.ts';

/** The one place a refusal's kind becomes an HTTP status. */
export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  'payment-required': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  refused: 422,
  unavailable: 503,
};

/** A use case's outcome as a status: 'ok' 200, 'pending' 202 (accepted, finishing later), else its refusal kind's. */
export const statusOf = (kind: 'ok' | 'pending' | ErrorKind): number =>
  kind === 'ok' ? 200 : kind === 'pending' ? 202 : STATUS_OF_KIND[kind];

/** An HTTP-level refusal (auth, not found) with the message the user sees. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function zodMessage(error: ZodError): string {
  return error.issues
    .map((i) =>
      i.path.length > 0 && !i.message.toLowerCase().includes(String(i.path.at(-1)).toLowerCase())
        ? `${i.path.join('.')}: ${i.message}`
        : i.message,
    )
    .join('; ');
}

/** What a shopper reads when the database had no room for the request (503, Retry-After). */
export const BUSY_MESSAGE = 'The shop is very busy right now. Please try again in a moment.';
const BUSY_RETRY_SECONDS = 5;

/**
 * Every refusal is `{ message }` with a 4xx; a database without room for the request (too many
 * connections, restarting) is a 503 to try again; anything else is a bug, logged and answered 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ZodError) return reply.status(400).send({ message: zodMessage(error) });
    if (error instanceof DomainError) return reply.status(STATUS_OF_KIND[error.kind]).send({ message: error.message });
    if (error instanceof HttpError) return reply.status(error.status).send({ message: error.message });
    if (error instanceof ConcurrencyError) {
      return reply.status(409).send({ message: 'Someone else changed this at the same moment; please try again.' });
    }
    const fe = error as FastifyError;
    if (fe.validation) return reply.status(400).send({ message: fe.message });
    if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send({ message: fe.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(BUSY_RETRY_SECONDS)).send({ message: BUSY_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. It has been logged.' });
  });
}

export function noSuchCall(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: `No such call: ${request.method} ${request.url.split('?')[0]}` });
}

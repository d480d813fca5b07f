import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import { ZodError } from 'zod';
import type { Mailer } from '../mail/mailer.ts';
import { sendEmailJob } from '../mail/sendEmailJob.ts';

/**
 * Jobs in progress at once. Twice the mailer's pooled connections (5): while some jobs wait for the
 * SMTP server, others are rendered and composed, so every connection always has a message to send.
 */
export const EMAIL_CONCURRENCY = 10;

/** Sends the 'email' queue's jobs; SMTP failures retry with backoff, a malformed job fails at once. */
export function startEmailWorker(
  connection: ConnectionOptions,
  prefix: string,
  mailer: Mailer,
  { concurrency = EMAIL_CONCURRENCY } = {},
): Worker {
  return new Worker(
    'email',
    async (job) => {
      try {
        const sent = await sendEmailJob(mailer, job.data);
        return { messageId: sent.messageId, accepted: sent.accepted };
      } catch (e) {
        if (e instanceof ZodError) throw new UnrecoverableError(`malformed email job: ${e.issues[0]?.message ?? e.message}`);
        throw e;
      }
    },
    { connection, prefix, concurrency },
  );
}

import type { Deps } from '../deps/deps.ts';
import { emailJobSchema, type EmailJobInput } from '../mail/templates/schemas.ts';
import { enqueueOnce } from '../reactors/enqueue.ts';
import type { Log } from './log.ts';

/**
 * Queues an email the event log cannot carry (the password reset link: only the token's hash is in
 * the event), with the job id the email reactor uses (`email-{eventId}`), so it is never queued
 * twice. Order confirmations and welcome emails are NOT queued here: the email reactor makes them
 * from OrderCompleted and UserRegistered. A queue that is down or missing never fails the call: it
 * is logged.
 */
export async function queueEmailJob(ctx: Deps, job: EmailJobInput, eventId: string, log: Log): Promise<boolean> {
  const parsed = emailJobSchema.safeParse(job);
  if (!parsed.success) {
    log.error({ template: job.template, issues: parsed.error.issues }, 'email job not queued: its data does not fit the template');
    return false;
  }
  if (!ctx.queues) return false;
  try {
    await enqueueOnce(ctx.queues.queue('email'), job.template, job, `email-${eventId}`);
    return true;
  } catch (err) {
    log.error({ err, template: job.template }, 'email job not queued');
    return false;
  }
}

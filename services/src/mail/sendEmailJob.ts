import type { Mailer, SentMail } from './mailer.ts';
import { renderEmail } from './templates/index.ts';
import { emailJobSchema } from './templates/schemas.ts';

/**
 * What the email worker does with one job: validate the payload (a bad payload throws a ZodError,
 * which is not worth retrying), render its template and send it with the job's stable Message-ID.
 */
export async function sendEmailJob(mailer: Mailer, payload: unknown): Promise<SentMail> {
  const job = emailJobSchema.parse(payload);
  const { subject, html, text } = renderEmail(job);
  return mailer.send({ to: job.to, subject, html, text, messageId: job.messageId });
}

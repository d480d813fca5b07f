import { backInStockEmail } from './backInStock.ts';
import { creditReceivedEmail } from './creditReceived.ts';
import type { RenderedEmail } from './layout.ts';
import { orderConfirmationEmail } from './orderConfirmation.ts';
import { orderPostedEmail } from './orderPosted.ts';
import { passwordResetEmail } from './passwordReset.ts';
import type { EmailJob } from './schemas.ts';
import { welcomeEmail } from './welcome.ts';
import { pullListReservedEmail } from './pullListReserved.ts';

export { backInStockEmail } from './backInStock.ts';
export { creditReceivedEmail } from './creditReceived.ts';
export { escapeHtml, formatDate, formatDateTime, formatMoney, gstIncludedCents, SHOP_TIME_ZONE } from './format.ts';
export type { RenderedEmail } from './layout.ts';
export { orderConfirmationEmail, PICKUP_WORDING } from './orderConfirmation.ts';
export { auspostTrackingUrl, orderPostedEmail } from './orderPosted.ts';
export { passwordResetEmail } from './passwordReset.ts';
export * from './schemas.ts';
export { welcomeEmail } from './welcome.ts';
export { pullListReservedEmail } from './pullListReserved.ts';

/** Renders a validated email job with its template. */
export function renderEmail(job: EmailJob): RenderedEmail {
  switch (job.template) {
    case 'orderConfirmation':
      return orderConfirmationEmail(job.data);
    case 'orderPosted':
      return orderPostedEmail(job.data);
    case 'passwordReset':
      return passwordResetEmail(job.data);
    case 'creditReceived':
      return creditReceivedEmail(job.data);
    case 'welcome':
      return welcomeEmail(job.data);
    case 'backInStock':
      return backInStockEmail(job.data);
    case 'pullListReserved':
      return pullListReservedEmail(job.data);
    default: {
      const unknown: never = job;
      throw new Error(`unknown email template: ${JSON.stringify(unknown)}`);
    }
  }
}

import { formatDateTime, greeting } from './format.ts';
import { button, layout, paragraph, signatureHtml, textBody, type RenderedEmail } from './layout.ts';
import type { PasswordResetData } from './schemas.ts';

export function passwordResetEmail(data: PasswordResetData): RenderedEmail {
  const where = data.shopName ? ` at ${data.shopName}` : '';
  const subject = `Reset your password${where}`;
  const expires = formatDateTime(data.expiresAt);
  const intro = `We received a request to reset the password for your account${where}. Use the link below to choose a new one.`;
  const expiry = `The link works once and expires at ${expires} (Sydney time).`;
  const ignore = "If you didn't ask for this, you can ignore this email: your password stays as it is.";
  return {
    subject,
    html: layout({
      title: 'Reset your password',
      preheader: `The link expires at ${expires}.`,
      shopName: data.shopName,
      bodyHtml:
        paragraph(greeting(data.name)) +
        paragraph(intro) +
        button(data.resetUrl, 'Choose a new password') +
        paragraph(expiry) +
        paragraph(ignore) +
        signatureHtml(data.shopName),
    }),
    text: textBody([greeting(data.name), intro, data.resetUrl, expiry, ignore], data.shopName),
  };
}

import { escapeHtml, escapeMultiline, formatMoney, greeting } from './format.ts';
import { button, layout, paragraph, paragraphHtml, signatureHtml, textBody, type RenderedEmail } from './layout.ts';
import type { CreditReceivedData } from './schemas.ts';

export function creditReceivedEmail(data: CreditReceivedData): RenderedEmail {
  const amount = formatMoney(data.amountCents);
  const balance = formatMoney(data.balanceCents);
  const from = data.shopName ? ` from ${data.shopName}` : '';
  const subject = `You've received ${amount} in store credit${from}`;
  const intro = `We've added ${amount} of store credit to your account.`;
  const balanceLine = `Your credit balance is now ${balance}. It is used automatically at checkout on your next order.`;
  const note = data.description.trim();
  return {
    subject,
    html: layout({
      title: 'Store credit received',
      preheader: `${amount} added; your balance is ${balance}.`,
      shopName: data.shopName,
      shopUrl: data.shopUrl,
      bodyHtml:
        paragraph(greeting(data.name)) +
        paragraphHtml(`We've added <strong>${escapeHtml(amount)}</strong> of store credit to your account.`) +
        (note !== '' ? paragraphHtml(`<strong>Note:</strong> ${escapeMultiline(note)}`) : '') +
        paragraph(balanceLine) +
        (data.shopUrl ? button(data.shopUrl, 'Start shopping') : '') +
        signatureHtml(data.shopName),
    }),
    text: textBody(
      [greeting(data.name), intro, ...(note !== '' ? [`Note: ${note}`] : []), balanceLine, ...(data.shopUrl ? [data.shopUrl] : [])],
      data.shopName,
    ),
  };
}

import { greeting } from './format.ts';
import { button, layout, paragraph, signatureHtml, textBody, type RenderedEmail } from './layout.ts';
import type { WelcomeData } from './schemas.ts';

export function welcomeEmail(data: WelcomeData): RenderedEmail {
  const shop = data.shopName ?? 'our shop';
  const subject = `Welcome to ${shop}`;
  const intro = `Thanks for signing up. Your account is ready: your saved addresses, order history and any store credit are kept in one place.`;
  const more =
    'Browse new comics, back issues, key comics and pre-orders. We post across Australia, and you can choose local pickup in Brisbane at checkout.';
  return {
    subject,
    html: layout({
      title: subject,
      preheader: 'Your account is ready.',
      shopName: data.shopName,
      shopUrl: data.shopUrl,
      bodyHtml:
        paragraph(greeting(data.name)) +
        paragraph(intro) +
        paragraph(more) +
        button(data.shopUrl, 'Visit the shop') +
        signatureHtml(data.shopName),
    }),
    text: textBody([greeting(data.name), intro, more, data.shopUrl], data.shopName),
  };
}

import { escapeHtml, formatMoney, greeting } from './format.ts';
import { button, layout, paragraph, paragraphHtml, signatureHtml, textBody, type RenderedEmail } from './layout.ts';
import type { BackInStockData } from './schemas.ts';

/** A want answered (issue 18): the item that came into stock, its price and the link to its page. */
export function backInStockEmail(data: BackInStockData): RenderedEmail {
  const price = formatMoney(data.priceCents);
  const subject = `In stock: ${data.itemName}`;
  const intro = `Something on your want list has come in: ${data.itemName}, ${price}.`;
  const hurry = 'Copies go quickly, so add it to your order soon. You can manage your want list on your account page.';
  return {
    subject,
    html: layout({
      title: 'On your want list, now in stock',
      preheader: `${data.itemName} is in stock: ${price}.`,
      shopName: data.shopName,
      shopUrl: data.shopUrl,
      bodyHtml:
        paragraph(greeting(data.name)) +
        paragraphHtml(`Something on your want list has come in: <strong>${escapeHtml(data.itemName)}</strong>, ${escapeHtml(price)}.`) +
        paragraph(hurry) +
        button(data.itemUrl, 'See the item') +
        signatureHtml(data.shopName),
    }),
    text: textBody([greeting(data.name), intro, hurry, data.itemUrl], data.shopName),
  };
}

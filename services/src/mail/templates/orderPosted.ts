import { escapeHtml, formatDateTime, greeting } from './format.ts';
import { button, layout, paragraph, paragraphHtml, signatureHtml, textBody, type RenderedEmail } from './layout.ts';
import type { OrderPostedData } from './schemas.ts';

/** Australia Post's public tracking page for a tracking number. */
export function auspostTrackingUrl(trackingNumber: string): string {
  return `https://auspost.com.au/mypost/track/details/${encodeURIComponent(trackingNumber)}`;
}

export function orderPostedEmail(data: OrderPostedData): RenderedEmail {
  const orderNo = `#${data.publicId}`;
  const posted = formatDateTime(data.postedDate);
  const tracking = data.trackingNumber?.trim() ?? '';
  const from = data.shopName ? ` from ${data.shopName}` : '';
  const subject = `Your order ${orderNo}${from} has been posted`;

  let trackingHtml: string;
  let trackingText: string;
  if (tracking !== '') {
    const url = auspostTrackingUrl(tracking);
    trackingHtml =
      paragraphHtml(`Your tracking number is <strong>${escapeHtml(tracking)}</strong>. You can follow the parcel on Australia Post:`) +
      button(url, 'Track your parcel');
    trackingText = `Your tracking number is ${tracking}. You can follow the parcel on Australia Post:\n${url}`;
  } else {
    const wording =
      'It was posted without tracking (as a letter), so there is no tracking number. ' +
      'Letters usually arrive within a week or so; if it has not arrived after two weeks, please reply to this email.';
    trackingHtml = paragraph(wording);
    trackingText = wording;
  }

  const intro = `Good news: your order ${orderNo} was posted ${posted}.`;
  return {
    subject,
    html: layout({
      title: `Order ${orderNo} posted`,
      preheader: tracking !== '' ? `Tracking number ${tracking}` : 'Posted without tracking',
      shopName: data.shopName,
      shopUrl: data.shopUrl,
      bodyHtml: paragraph(greeting(data.name)) + paragraph(intro) + trackingHtml + signatureHtml(data.shopName),
    }),
    text: textBody([greeting(data.name), intro, trackingText], data.shopName),
  };
}

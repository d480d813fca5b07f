import { escapeHtml, greeting } from './format.ts';
import { button, layout, paragraph, paragraphHtml, signatureHtml, textBody, type RenderedEmail } from './layout.ts';
import type { PullListReservedData } from './schemas.ts';

const shownDay = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
const day = (date: string) => shownDay.format(new Date(`${date}T00:00:00Z`));
const copies = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;

/** The pull-list email: an issue of a series the customer subscribes to is put aside for them. */
export function pullListReservedEmail(data: PullListReservedData): RenderedEmail {
  const subject = `${data.title} is on your pull list`;
  const held =
    data.quantity > 0
      ? `We've put aside ${copies(data.quantity)} of ${data.title} for you.`
      : `${data.title} is coming out, and we've noted ${copies(data.awaiting)} for you.`;
  const awaiting =
    data.quantity > 0 && data.awaiting > 0 ? `${copies(data.awaiting)} more are awaiting copies: we'll add them when we get them.` : '';
  const release = data.releaseDate ? `It is due out on ${day(data.releaseDate)}.` : '';
  const cancel = data.focDate
    ? `Don't want it? You can cancel it on your pull list until the end of ${day(data.focDate)}, when we order it from the distributor.`
    : "Don't want it? You can cancel it on your pull list.";
  const lines = [held, awaiting, release, cancel].filter((l) => l !== '');
  return {
    subject,
    html: layout({
      title: 'On your pull list',
      preheader: held,
      shopName: data.shopName,
      shopUrl: data.pullListUrl,
      bodyHtml:
        paragraph(greeting(data.name)) +
        paragraphHtml(`<strong>${escapeHtml(data.title)}</strong>${data.seriesTitle ? ` (${escapeHtml(data.seriesTitle)})` : ''}`) +
        lines.map(paragraph).join('') +
        button(data.pullListUrl, 'See your pull list') +
        signatureHtml(data.shopName),
    }),
    text: textBody([greeting(data.name), ...lines, data.pullListUrl], data.shopName),
  };
}

import { simpleParser, type AddressObject } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { composePlainMessage, type PlainMessage } from './compose.ts';
import { composeWithNodemailer } from './mailer.ts';
import {
  creditReceivedEmail,
  orderConfirmationEmail,
  orderPostedEmail,
  passwordResetEmail,
  welcomeEmail,
  type RenderedEmail,
} from './templates/index.ts';

const FROM = '"Brisbane Comics" <orders@brisbanecomics.example>';

const emails: RenderedEmail[] = [
  orderConfirmationEmail({
    name: 'Jane Citizen',
    email: 'jane@example.com',
    publicId: 1042,
    orderDate: '2026-11-23T14:30:00Z',
    items: [
      { name: 'Batman #1', quantity: 2, unitPriceCents: 595 },
      { name: 'Saga Vol. 1', quantity: 1, unitPriceCents: 1995 },
    ],
    subtotalCents: 3185,
    postageCents: 0,
    creditUsedCents: 500,
    totalPaidCents: 2685,
    creditForwardCents: 250,
    delivery: { method: 'pickup', pickupAddress: '12 Example Street\nKenmore QLD 4069', pickupHours: 'Saturdays 10 am - 2 pm' },
    shopName: 'Brisbane Comics',
    shopAbn: '12 345 678 901',
    shopUrl: 'https://shop.example.com.au/',
    confirmationUrl: `https://shop.example.com.au/order-confirmation/1042?token=${'T'.repeat(43)}`,
  }),
  orderPostedEmail({
    name: 'Jane',
    publicId: 1042,
    postedDate: '2026-11-23T14:30:00Z',
    trackingNumber: '33ABC1234567',
    shopName: 'Brisbane Comics',
  }),
  passwordResetEmail({
    name: 'Jane',
    resetUrl: 'https://shop.example.com.au/reset-password?token=abc&x=1',
    expiresAt: '2026-11-23T14:30:00Z',
    shopName: 'Brisbane Comics',
  }),
  creditReceivedEmail({
    name: 'Jane',
    amountCents: 1250,
    description: 'Sorry about the bent cover = a $12.50 credit',
    balanceCents: 2000,
    shopName: 'Brisbane Comics',
  }),
  welcomeEmail({ name: 'Jane', shopUrl: 'https://shop.example.com.au/', shopName: 'Brisbane Comics' }),
  {
    subject: `A subject long enough to be folded over more than one header line, ${'word '.repeat(20)}end`,
    text: `.a line starting with a dot\n${'a long plain-text line with = signs and trailing space '.repeat(4)} \nlast`,
    html: `<p>${'x'.repeat(1200)}</p>\n<p>= and tabs\t</p>`,
  },
];

/** What a mail client reads from a message. */
async function readBack(raw: Buffer) {
  const mail = await simpleParser(raw);
  const addresses = (a: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => ({ name: v.name, address: v.address })));
  return {
    from: addresses(mail.from),
    to: addresses(mail.to),
    subject: mail.subject,
    messageId: mail.messageId,
    text: mail.text,
    html: mail.html,
    hasDate: mail.date instanceof Date,
  };
}

describe('composePlainMessage', () => {
  it('composes what nodemailer composes, read back by a mail client', async () => {
    for (const [i, email] of emails.entries()) {
      const message: PlainMessage = { from: FROM, to: 'jane@example.com', ...email, messageId: `<order-${i}@brisbanecomics.example>` };
      const plain = composePlainMessage(message);
      expect(plain).not.toBeNull();
      expect(plain!.envelope).toEqual({ from: 'orders@brisbanecomics.example', to: ['jane@example.com'] });
      expect(plain!.messageId).toBe(`<order-${i}@brisbanecomics.example>`);
      expect(await readBack(plain!.raw)).toEqual(await readBack((await composeWithNodemailer(message)).raw));
    }
  });

  it('sends a part as it is while its lines fit the SMTP limit (a long link stays whole), else quoted-printable', () => {
    const [confirmation, , , , , odd] = emails;
    const raw = composePlainMessage({ from: FROM, to: 'jane@example.com', ...confirmation! })!.raw.toString();
    expect(raw).toContain('Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 7bit');
    expect(raw).toContain('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 7bit');
    expect(raw).toContain(`?token=${'T'.repeat(43)}`);
    const oddRaw = composePlainMessage({ from: FROM, to: 'jane@example.com', ...odd! })!.raw.toString();
    expect(oddRaw).toContain('Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable');
    expect(oddRaw).not.toContain('x'.repeat(77)); // folded with soft line breaks
    for (const text of [raw, oddRaw]) {
      expect(text.split('\r\n').filter((line) => line.length > 998)).toEqual([]);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    }
  });

  it('makes a Message-ID on the sender domain when none is given', () => {
    const plain = composePlainMessage({
      from: 'orders@brisbanecomics.example',
      to: 'jane@example.com',
      subject: 'S',
      html: '<p>x</p>',
      text: 'x',
    });
    expect(plain?.messageId).toMatch(/^<[0-9a-f-]{36}@brisbanecomics\.example>$/);
  });

  it('leaves to nodemailer what needs encoding', () => {
    const base = { from: FROM, to: 'jane@example.com', subject: 'S', html: '<p>x</p>', text: 'x' };
    expect(composePlainMessage({ ...base, subject: 'Your Pokémon order' })).toBeNull();
    expect(composePlainMessage({ ...base, text: 'Hi Zoë,' })).toBeNull();
    expect(composePlainMessage({ ...base, from: '"Café Comics" <orders@brisbanecomics.example>' })).toBeNull();
    expect(composePlainMessage({ ...base, to: 'jane@bücher.example' })).toBeNull();
    expect(composePlainMessage({ ...base, to: 'Jane <jane@example.com>' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  creditReceivedEmail,
  creditReceivedSchema,
  emailJobSchema,
  escapeHtml,
  formatDate,
  formatDateTime,
  formatMoney,
  gstIncludedCents,
  orderConfirmationEmail,
  orderConfirmationSchema,
  orderPostedEmail,
  passwordResetEmail,
  passwordResetSchema,
  renderEmail,
  welcomeEmail,
  welcomeSchema,
  type OrderConfirmationData,
} from './templates/index.ts';
import { foldHtml, MAIL_LINE_WIDTH } from './templates/layout.ts';

const PICKUP = {
  method: 'pickup' as const,
  pickupAddress: '12 Example Street\nKenmore QLD 4069',
  pickupHours: 'Saturdays 10 am - 2 pm',
};

function order(overrides: Partial<OrderConfirmationData> = {}): OrderConfirmationData {
  return orderConfirmationSchema.parse({
    name: 'Jane Citizen',
    email: 'jane@example.com',
    publicId: 1042,
    orderDate: '2026-11-23T14:30:00Z',
    items: [
      { name: 'Batman #1', quantity: 2, unitPriceCents: 595 },
      { name: 'Saga Vol. 1', quantity: 1, unitPriceCents: 1995 },
    ],
    subtotalCents: 3185,
    postageCents: 850,
    creditUsedCents: 0,
    totalPaidCents: 4035,
    creditForwardCents: 0,
    delivery: {
      method: 'post',
      address: { givenName: 'Jane', familyName: 'Citizen', addressLine1: '1 Main St', suburb: 'Toowong', state: 'QLD', postalCode: '4066' },
    },
    shopName: 'Brisbane Comics',
    shopAbn: '12345678901',
    ...overrides,
  });
}

describe('formatting', () => {
  it('formats cents as dollars', () => {
    expect(formatMoney(1295)).toBe('$12.95');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(123456)).toBe('$1,234.56');
  });

  it('takes GST as one eleventh of a GST-inclusive total, rounded to the cent', () => {
    expect(gstIncludedCents(1100)).toBe(100);
    expect(gstIncludedCents(1595)).toBe(145);
    expect(gstIncludedCents(0)).toBe(0);
    expect(gstIncludedCents(4035)).toBe(367); // 366.8
  });

  it('shows instants in Sydney time, en-AU', () => {
    expect(formatDateTime('2026-11-23T14:30:00Z')).toBe('24/11/2026, 1:30 am');
    expect(formatDate('2026-11-23T14:30:00Z')).toBe('24/11/2026');
    // Winter: AEST, UTC+10.
    expect(formatDateTime('2026-06-30T14:05:00Z')).toBe('01/07/2026, 12:05 am');
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;');
  });
});

describe('orderConfirmationEmail', () => {
  it('lists the items, totals, order number and date', () => {
    const { subject, html, text } = orderConfirmationEmail(order());
    expect(subject).toContain('#1042');
    for (const part of [html, text]) {
      expect(part).toContain('Batman #1');
      expect(part).toContain('$5.95');
      expect(part).toContain('$11.90');
      expect(part).toContain('Saga Vol. 1');
      expect(part).toContain('$19.95');
      expect(part).toContain('$31.85'); // subtotal
      expect(part).toContain('$8.50'); // postage
      expect(part).toContain('$40.35'); // total price and total paid
      expect(part).toContain('#1042');
      expect(part).toContain('24/11/2026, 1:30 am');
      expect(part).toContain('1 Main St');
      expect(part).toContain('Toowong QLD 4066');
      expect(part).not.toContain('Credit carried forward');
      expect(part).not.toContain('credit used');
    }
    expect(text).toContain('2 x Batman #1 @ $5.95 = $11.90');
    expect(html).toMatch(/^<!DOCTYPE html>/);
  });

  it('is an Australian tax invoice: words, shop name, ABN, date, items and the GST included', () => {
    const { html, text } = orderConfirmationEmail(order());
    for (const part of [html, text]) {
      expect(part).toMatch(/Tax invoice/i);
      expect(part).toContain('Brisbane Comics');
      expect(part).toContain('ABN 12 345 678 901');
      expect(part).toContain('Date: 24/11/2026');
      expect(part).toContain('Total price includes GST of $3.67'); // round(4035 / 11)
    }
  });

  it.each([
    [1100, '$1.00'],
    [1595, '$1.45'],
  ])('shows GST for a total of %i cents as %s', (total, gst) => {
    const { html, text } = orderConfirmationEmail(
      order({
        items: [{ name: 'Comic', quantity: 1, unitPriceCents: total }],
        subtotalCents: total,
        postageCents: 0,
        totalPaidCents: total,
        delivery: PICKUP,
      }),
    );
    expect(html).toContain(`Total price includes GST of ${gst}`);
    expect(text).toContain(`Total price includes GST of ${gst}`);
  });

  it('shows pickup instructions with the configured address and hours', () => {
    const { html, text } = orderConfirmationEmail(order({ delivery: PICKUP, postageCents: 0, totalPaidCents: 3185 }));
    for (const part of [html, text]) {
      expect(part).toContain('Local pickup in Brisbane: collect from our shop in postcode 4075');
      expect(part).toContain('12 Example Street');
      expect(part).toContain('Kenmore QLD 4069');
      expect(part).toContain('Saturdays 10 am - 2 pm');
      expect(part).not.toContain('Toowong');
    }
    expect(html).toContain('12 Example Street<br>Kenmore QLD 4069');
  });

  it('shows credit used, and credit carried forward only above 1 cent', () => {
    const withCredit = orderConfirmationEmail(order({ creditUsedCents: 1000, totalPaidCents: 3535, creditForwardCents: 250 }));
    for (const part of [withCredit.html, withCredit.text]) {
      expect(part).toContain('Store credit used');
      expect(part).toContain('-$10.00');
      expect(part).toContain('$35.35');
      expect(part).toContain('Credit carried forward');
      expect(part).toContain('$2.50');
    }
    const oneCent = orderConfirmationEmail(order({ creditForwardCents: 1 }));
    expect(oneCent.text).not.toContain('Credit carried forward');
    expect(oneCent.html).not.toContain('Credit carried forward');
  });

  it('escapes what shoppers and the catalogue typed', () => {
    const { html, text } = orderConfirmationEmail(
      order({
        name: '<script>alert(1)</script>',
        items: [{ name: 'Spawn <script>x</script> & "Co"', quantity: 1, unitPriceCents: 3185 }],
        delivery: {
          method: 'post',
          address: {
            givenName: '<b>J</b>',
            familyName: 'C',
            addressLine1: '<img src=x onerror=alert(1)>',
            suburb: 'Ipswich',
            state: 'QLD',
            postalCode: '4305',
          },
        },
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>J</b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Spawn &lt;script&gt;x&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(text).toContain('Spawn <script>x</script> & "Co"'); // plain text is not HTML
  });

  it('greets a guest without a name generically', () => {
    expect(orderConfirmationEmail(order({ name: '' })).text).toMatch(/^Hi there,/);
  });

  it('rejects a subtotal that is not the sum of the lines', () => {
    const result = orderConfirmationSchema.safeParse({ ...order(), subtotalCents: 100 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['subtotalCents']);
  });
});

describe('orderPostedEmail', () => {
  const base = { name: 'Jane', publicId: 1042, postedDate: '2026-11-23T14:30:00Z', shopName: 'Brisbane Comics' };

  it('links the tracking number to Australia Post', () => {
    const { subject, html, text } = orderPostedEmail({ ...base, trackingNumber: '33ABC1234567' });
    const url = 'https://auspost.com.au/mypost/track/details/33ABC1234567';
    expect(subject).toContain('#1042');
    expect(subject).toContain('posted');
    expect(html).toContain(`href="${url}"`);
    expect(text).toContain(url);
    expect(text).toContain('33ABC1234567');
    expect(text).toContain('24/11/2026, 1:30 am');
  });

  it('says it was posted without tracking when there is no number', () => {
    for (const trackingNumber of [null, '', '  ']) {
      const { html, text } = orderPostedEmail({ ...base, trackingNumber });
      expect(text).toContain('posted without tracking');
      expect(html).toContain('posted without tracking');
      expect(html).not.toContain('auspost.com.au');
    }
  });

  it('encodes a tracking number in the link and escapes it in the page', () => {
    const { html } = orderPostedEmail({ ...base, trackingNumber: '<script>1' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('https://auspost.com.au/mypost/track/details/%3Cscript%3E1');
  });
});

describe('passwordResetEmail', () => {
  it('gives the link and when it expires, in Sydney time', () => {
    const data = passwordResetSchema.parse({
      name: 'Jane',
      resetUrl: 'https://shop.example.com.au/reset-password?token=abc&x=1',
      expiresAt: '2026-11-23T14:30:00Z',
      shopName: 'Brisbane Comics',
    });
    const { subject, html, text } = passwordResetEmail(data);
    expect(subject).toMatch(/reset your password/i);
    expect(html).toContain('href="https://shop.example.com.au/reset-password?token=abc&amp;x=1"');
    expect(text).toContain('https://shop.example.com.au/reset-password?token=abc&x=1');
    expect(text).toContain('24/11/2026, 1:30 am');
    expect(text).toContain('Hi Jane,');
  });

  it('refuses a link that is not http(s)', () => {
    expect(passwordResetSchema.safeParse({ name: 'J', resetUrl: 'javascript:alert(1)', expiresAt: '2026-11-23T14:30:00Z' }).success).toBe(
      false,
    );
  });
});

describe('creditReceivedEmail', () => {
  it('shows the amount, the note and the new balance', () => {
    const data = creditReceivedSchema.parse({
      name: 'Jane',
      amountCents: 1250,
      description: 'Sorry about the <script>bent</script> cover',
      balanceCents: 2000,
    });
    const { subject, html, text } = creditReceivedEmail(data);
    expect(subject).toContain('$12.50');
    expect(text).toContain('$12.50');
    expect(text).toContain('$20.00');
    expect(text).toContain('Sorry about the <script>bent</script> cover');
    expect(html).toContain('Sorry about the &lt;script&gt;bent&lt;/script&gt; cover');
    expect(html).not.toContain('<script>');
  });
});

describe('welcomeEmail', () => {
  it('welcomes by name with a link to the shop', () => {
    const data = welcomeSchema.parse({ name: 'Jane', shopUrl: 'https://shop.example.com.au/', shopName: 'Brisbane Comics' });
    const { subject, html, text } = welcomeEmail(data);
    expect(subject).toBe('Welcome to Brisbane Comics');
    expect(text).toContain('Hi Jane,');
    expect(html).toContain('href="https://shop.example.com.au/"');
  });
});

describe('email jobs', () => {
  it('validate a payload and render it with its template', () => {
    const job = emailJobSchema.parse({
      template: 'orderPosted',
      to: 'jane@example.com',
      messageId: 'order-posted.1042',
      data: { name: 'Jane', publicId: 1042, postedDate: '2026-11-23T14:30:00Z', trackingNumber: 'AB123' },
    });
    expect(renderEmail(job).text).toContain('https://auspost.com.au/mypost/track/details/AB123');
  });

  it('refuse an unknown template or bad data', () => {
    expect(emailJobSchema.safeParse({ template: 'nope', to: 'a@b.au', data: {} }).success).toBe(false);
    expect(emailJobSchema.safeParse({ template: 'welcome', to: 'not-an-email', data: { name: '', shopUrl: 'https://x.au' } }).success).toBe(
      false,
    );
    expect(
      emailJobSchema.safeParse({
        template: 'creditReceived',
        to: 'a@b.au',
        data: { name: '', amountCents: 12.5, description: '', balanceCents: 0 },
      }).success,
    ).toBe(false);
  });
});

describe('foldHtml', () => {
  /** The text a mail client shows, white space collapsed as HTML does. */
  const shownText = (html: string) =>
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  /** The tags with white space collapsed: a break in a tag is white space, or none before a '>' or after a ';'. */
  const tags = (html: string) => (html.match(/<[^>]*>/g) ?? []).map((t) => t.replace(/\s+/g, ' ').replace(/ >$/, '>').replace(/; /g, ';'));
  const every = () => [
    orderConfirmationEmail(order()).html,
    orderConfirmationEmail(order({ delivery: PICKUP, creditUsedCents: 500, totalPaidCents: 3535, creditForwardCents: 250 })).html,
    orderPostedEmail({
      name: 'Jane',
      publicId: 1042,
      postedDate: '2026-11-23T14:30:00Z',
      trackingNumber: '33ABC1234567',
      shopName: 'Brisbane Comics',
    }).html,
    passwordResetEmail(
      passwordResetSchema.parse({
        name: 'Jane',
        resetUrl: 'https://shop.example.com.au/reset-password?token=abc',
        expiresAt: '2026-11-23T14:30:00Z',
        shopName: 'Brisbane Comics',
      }),
    ).html,
    creditReceivedEmail(
      creditReceivedSchema.parse({
        name: 'Jane',
        amountCents: 1250,
        description: 'Sorry about the bent cover',
        balanceCents: 2000,
        shopName: 'Brisbane Comics',
      }),
    ).html,
    welcomeEmail(welcomeSchema.parse({ name: 'Jane', shopUrl: 'https://shop.example.com.au/', shopName: 'Brisbane Comics' })).html,
  ];

  it('keeps every line of every template short enough to be sent as it is (7bit)', () => {
    for (const html of every()) {
      const long = html.split('\n').filter((line) => line.length > MAIL_LINE_WIDTH);
      expect(long).toEqual([]);
    }
  });

  it('changes neither the text shown nor the markup, only white space in tags and between words', () => {
    for (const folded of every()) {
      const unfolded = folded.replace(/\n/g, ' ');
      const refolded = foldHtml(unfolded);
      expect(refolded.replace(/\s/g, '')).toBe(unfolded.replace(/\s/g, ''));
      expect(shownText(refolded)).toBe(shownText(unfolded));
      expect(tags(refolded)).toEqual(tags(unfolded));
    }
  });

  it('breaks in a tag before it breaks text, and never inside a value other than a style', () => {
    const href = `https://shop.example.com.au/a path/${'x'.repeat(30)}`;
    const html = `<p style="margin:0 0 16px 0;color:#1f2937;">Some words here</p><a href="${href}" title="a b c">link</a>`;
    const folded = foldHtml(html, 40);
    expect(folded).toContain(`href="${href}"`);
    expect(folded).toContain('title="a b c"');
    expect(folded).toContain('Some words here');
    expect(folded.split('\n').length).toBeGreaterThan(1);
  });

  it('leaves what it cannot break long (that email is then encoded)', () => {
    const word = 'x'.repeat(100);
    const folded = foldHtml(`<p>${word} ${word}</p>`);
    expect(folded.split('\n').filter((line) => line.includes(word))).toHaveLength(2);
    expect(folded.replace(/\s/g, '')).toBe(`<p>${word}${word}</p>`);
  });
});

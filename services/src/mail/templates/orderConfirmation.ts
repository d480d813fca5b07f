import { escapeHtml, escapeMultiline, formatAbn, formatDate, formatDateTime, formatMoney, greeting, gstIncludedCents } from './format.ts';
import { button, COLOURS, FONT, heading, layout, paragraph, paragraphHtml, signatureHtml, textBody, type RenderedEmail } from './layout.ts';
import type { Delivery, OrderConfirmationData, ShippingAddress } from './schemas.ts';

/** The fixed wording for pickup orders (spec: pickup is in Brisbane, postcode 4075). */
export const PICKUP_WORDING = 'Local pickup in Brisbane: collect from our shop in postcode 4075';

/** Credit is shown only above 0.01 (storefront spec, order panel). */
const showsCredit = (cents: number) => cents > 1;

function addressLines(a: ShippingAddress): string[] {
  const name = `${a.givenName} ${a.familyName}`.trim();
  const place = [a.suburb, a.state, a.postalCode].filter((p) => p !== '').join(' ');
  return [name, a.addressLine1, place].filter((l) => l !== '');
}

function deliveryHtml(d: Delivery): string {
  if (d.method === 'post') {
    return (
      heading('Posting to') +
      paragraphHtml(addressLines(d.address).map(escapeHtml).join('<br>')) +
      paragraph("We'll email you again when your order is posted.")
    );
  }
  return (
    heading('Local pickup') +
    paragraph(`${PICKUP_WORDING}.`) +
    paragraphHtml(`<strong>Address</strong><br>${escapeMultiline(d.pickupAddress)}`) +
    paragraphHtml(`<strong>Opening hours</strong><br>${escapeMultiline(d.pickupHours)}`) +
    paragraph('Please bring your order number when you collect.')
  );
}

function deliveryText(d: Delivery): string {
  if (d.method === 'post') {
    return `POSTING TO\n${addressLines(d.address).join('\n')}\n\nWe'll email you again when your order is posted.`;
  }
  return (
    `LOCAL PICKUP\n${PICKUP_WORDING}.\n\nAddress:\n${d.pickupAddress}\n\nOpening hours:\n${d.pickupHours}\n\n` +
    'Please bring your order number when you collect.'
  );
}

const CELL = `padding:8px 6px;border-bottom:1px solid ${COLOURS.rule};font-family:${FONT};font-size:14px;line-height:20px;color:${COLOURS.text};vertical-align:top;`;
const HEAD = `padding:8px 6px;border-bottom:2px solid ${COLOURS.text};font-family:${FONT};font-size:13px;line-height:18px;color:${COLOURS.muted};text-align:left;font-weight:bold;`;
const NUM = 'text-align:right;white-space:nowrap;';

function summaryRow(label: string, value: string, strong = false): string {
  const weight = strong ? 'font-weight:bold;' : '';
  return (
    `<tr><td colspan="3" style="${CELL}${NUM}${weight}border-bottom:0;">${escapeHtml(label)}</td>` +
    `<td style="${CELL}${NUM}${weight}border-bottom:0;">${escapeHtml(value)}</td></tr>`
  );
}

export function orderConfirmationEmail(data: OrderConfirmationData): RenderedEmail {
  const orderNo = `#${data.publicId}`;
  const totalPrice = data.subtotalCents + data.postageCents;
  const gst = gstIncludedCents(totalPrice);
  const abn = formatAbn(data.shopAbn);
  const placed = formatDateTime(data.orderDate);
  const invoiceDate = formatDate(data.orderDate);
  const postageLabel = data.delivery.method === 'pickup' ? 'Postage (local pickup)' : 'Postage';
  const buyer = [data.name.trim(), data.email ?? ''].filter((s) => s !== '');
  const subject = `Order ${orderNo} confirmed: your tax invoice from ${data.shopName}`;

  const itemRows = data.items
    .map(
      (i) =>
        `<tr><td style="${CELL}">${escapeHtml(i.name)}</td>` +
        `<td style="${CELL}${NUM}">${i.quantity}</td>` +
        `<td style="${CELL}${NUM}">${formatMoney(i.unitPriceCents)}</td>` +
        `<td style="${CELL}${NUM}">${formatMoney(i.quantity * i.unitPriceCents)}</td></tr>`,
    )
    .join('');
  const paymentRows =
    (data.creditUsedCents > 0 ? summaryRow('Store credit used', `-${formatMoney(data.creditUsedCents)}`) : '') +
    summaryRow('Total paid', formatMoney(data.totalPaidCents), true) +
    (showsCredit(data.creditForwardCents) ? summaryRow('Credit carried forward', formatMoney(data.creditForwardCents)) : '');

  const invoiceHtml =
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:24px 0 16px 0;border:1px solid ${COLOURS.rule};border-collapse:collapse;">` +
    `<tr><td style="padding:16px;font-family:${FONT};font-size:14px;line-height:20px;color:${COLOURS.text};">` +
    `<h2 style="margin:0 0 8px 0;font-family:${FONT};font-size:20px;line-height:26px;color:${COLOURS.text};">Tax invoice</h2>` +
    `<p style="margin:0 0 12px 0;font-family:${FONT};font-size:14px;line-height:20px;color:${COLOURS.text};">` +
    `<strong>${escapeHtml(data.shopName)}</strong><br>ABN ${escapeHtml(abn)}<br>` +
    `Invoice for order ${escapeHtml(orderNo)}<br>Date: ${escapeHtml(invoiceDate)}` +
    (buyer.length > 0 ? `<br>Invoice to: ${buyer.map(escapeHtml).join(', ')}` : '') +
    `</p>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;">` +
    `<tr><th style="${HEAD}">Item</th><th style="${HEAD}${NUM}">Qty</th><th style="${HEAD}${NUM}">Price</th><th style="${HEAD}${NUM}">Total</th></tr>` +
    itemRows +
    summaryRow('Subtotal', formatMoney(data.subtotalCents)) +
    summaryRow(postageLabel, formatMoney(data.postageCents)) +
    summaryRow('Total price', formatMoney(totalPrice), true) +
    paymentRows +
    `</table>` +
    `<p style="margin:12px 0 0 0;font-family:${FONT};font-size:14px;line-height:20px;color:${COLOURS.text};">Total price includes GST of ${formatMoney(gst)}.</p>` +
    `</td></tr></table>`;

  const bodyHtml =
    paragraph(greeting(data.name)) +
    paragraphHtml(`Thanks for your order. Your order number is <strong>${escapeHtml(orderNo)}</strong>, placed ${escapeHtml(placed)}.`) +
    deliveryHtml(data.delivery) +
    (data.confirmationUrl ? button(data.confirmationUrl, 'View your order') : '') +
    invoiceHtml +
    (showsCredit(data.creditForwardCents)
      ? paragraph(`${formatMoney(data.creditForwardCents)} is kept as store credit on your account for your next order.`)
      : '') +
    signatureHtml(data.shopName);

  const itemLines = data.items.map(
    (i) => `${i.quantity} x ${i.name} @ ${formatMoney(i.unitPriceCents)} = ${formatMoney(i.quantity * i.unitPriceCents)}`,
  );
  const totals = [
    `Subtotal: ${formatMoney(data.subtotalCents)}`,
    `${postageLabel}: ${formatMoney(data.postageCents)}`,
    `Total price: ${formatMoney(totalPrice)}`,
    ...(data.creditUsedCents > 0 ? [`Store credit used: -${formatMoney(data.creditUsedCents)}`] : []),
    `Total paid: ${formatMoney(data.totalPaidCents)}`,
    ...(showsCredit(data.creditForwardCents) ? [`Credit carried forward: ${formatMoney(data.creditForwardCents)}`] : []),
  ];
  const text = textBody(
    [
      greeting(data.name),
      `Thanks for your order. Your order number is ${orderNo}, placed ${placed}.`,
      deliveryText(data.delivery),
      ...(data.confirmationUrl ? [`View your order: ${data.confirmationUrl}`] : []),
      [
        'TAX INVOICE',
        data.shopName,
        `ABN ${abn}`,
        `Invoice for order ${orderNo}`,
        `Date: ${invoiceDate}`,
        ...(buyer.length > 0 ? [`Invoice to: ${buyer.join(', ')}`] : []),
      ].join('\n'),
      itemLines.join('\n'),
      totals.join('\n'),
      `Total price includes GST of ${formatMoney(gst)}.`,
      ...(showsCredit(data.creditForwardCents)
        ? [`${formatMoney(data.creditForwardCents)} is kept as store credit on your account for your next order.`]
        : []),
    ],
    data.shopName,
  );

  return {
    subject,
    html: layout({
      title: `Order ${orderNo}`,
      preheader: `Order ${orderNo}: ${formatMoney(totalPrice)}, placed ${placed}.`,
      shopName: data.shopName,
      shopUrl: data.shopUrl,
      bodyHtml,
    }),
    text,
  };
}

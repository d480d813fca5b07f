/** Formatting shared by the email templates: HTML escaping, money, and Sydney dates. */

export const SHOP_TIME_ZONE = 'Australia/Sydney';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Escaped text with its line breaks kept (for multi-line addresses and notes). */
export function escapeMultiline(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => escapeHtml(line))
    .join('<br>');
}

/** Integer cents as dollars: 1295 -> "$12.95", 123456 -> "$1,234.56", -120 -> "-$1.20". */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a whole number, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** GST included in a GST-inclusive price: one eleventh, rounded to the cent. 1100 -> 100, 1595 -> 145. */
export function gstIncludedCents(totalCents: number): number {
  return Math.round(totalCents / 11);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const dateFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** Some ICU versions put narrow or no-break spaces before "am"; mail clients want plain ones. */
const plainSpaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

function toDate(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${iso}`);
  return date;
}

/** "2026-11-23T14:30:00Z" -> "24/11/2026, 1:30 am" (Sydney time). */
export function formatDateTime(iso: string): string {
  return plainSpaces(dateTimeFormat.format(toDate(iso)));
}

/** "2026-11-23T14:30:00Z" -> "24/11/2026" (the date in Sydney). */
export function formatDate(iso: string): string {
  return plainSpaces(dateFormat.format(toDate(iso)));
}

/** "12345678901" -> "12 345 678 901". */
export function formatAbn(abn: string): string {
  const digits = abn.replace(/\D/g, '');
  return digits.length === 11 ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}` : abn;
}

/** "Hi Jane," or "Hi there," for a guest without a name. */
export function greeting(name: string): string {
  const first = name.trim();
  return first === '' ? 'Hi there,' : `Hi ${first},`;
}

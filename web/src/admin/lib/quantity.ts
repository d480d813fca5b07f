/** The default number of items a marketplace batch upload or refresh handles (admin spec section 9). */
export const DEFAULT_UPLOAD_QUANTITY = 10;

/** "Batch upload quantity is parsed as an integer": '12' -> 12, '12.7' -> 12, '' or '0' or 'x' -> null. */
export function parseQuantity(text: string | number | null | undefined): number | null {
  const value = typeof text === 'number' ? Math.trunc(text) : Number.parseInt(String(text ?? '').trim(), 10);
  return Number.isFinite(value) && value >= 1 ? value : null;
}

/** Whole numbers typed in a form: '' -> fallback, otherwise a non-negative integer or null when invalid. */
export function parseWholeNumber(text: string, fallback = 0): number | null {
  const trimmed = text.trim();
  if (!trimmed) return fallback;
  if (!/^\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** Dollars typed in a form to integer cents: '6.95' -> 695, '$12' -> 1200, '' -> fallback, 'abc' -> null. */
export function parseDollars(text: string, fallback = 0): number | null {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!trimmed) return fallback;
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole || '0') * 100 + Number((fraction + '00').slice(0, 2));
}

/** Integer cents to the text of a dollars input: 695 -> '6.95', 0 -> '' when blankZero. */
export function centsToInput(cents: number | null | undefined, blankZero = true): string {
  const value = Math.round(cents ?? 0);
  if (value === 0 && blankZero) return '';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

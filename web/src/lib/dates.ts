const TIME_ZONE = 'Australia/Sydney';

const dateTime = new Intl.DateTimeFormat('en-AU', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const dateOnly = new Intl.DateTimeFormat('en-AU', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date and time in Sydney, en-AU style, e.g. "3 Mar 2025, 2:05 pm". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTime.format(date) : '';
}

/** A date in Sydney, en-AU style, e.g. "3 Mar 2025". */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateOnly.format(date) : '';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Release month (1-12; 0 or missing is unknown) and year, e.g. "Mar 2024". */
export function formatRelease(month: number | null | undefined, year: number | null | undefined): string {
  const name = month && month >= 1 && month <= 12 ? MONTHS[month - 1] : undefined;
  if (!year) return name ?? '';
  return name ? `${name} ${year}` : String(year);
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The default upload batch name: the month abbreviation in capitals plus the two-digit year, e.g. 'MAR26' (Sydney time). */
export function defaultBatchName(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', month: 'numeric', year: 'numeric' }).formatToParts(now);
  const month = Number(parts.find((p) => p.type === 'month')?.value ?? now.getMonth() + 1);
  const year = Number(parts.find((p) => p.type === 'year')?.value ?? now.getFullYear());
  return `${MONTHS[month - 1] ?? 'JAN'}${String(year % 100).padStart(2, '0')}`;
}

/** A date 'yyyy-mm-dd' for a date input, `days` ahead of now (Sydney calendar day). */
export function dateInputValue(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
  return parts;
}

export function daysAhead(days: number, now: Date = new Date()): Date {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}

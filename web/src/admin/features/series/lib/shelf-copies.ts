/** The shelf copies typed: a whole number 0..100, else the message to show. */
export function parseShelfCopies(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed) || Number(trimmed) > 100)
    return { ok: false, message: 'Shelf copies must be a whole number from 0 to 100' };
  return { ok: true, value: Number(trimmed) };
}

/** The volume typed: blank for none, a volume number 1..99 or a start year 1900..2100. */
export function parseVolume(text: string): { ok: true; value: number | null } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const n = Number(trimmed);
  if (/^\d{1,4}$/.test(trimmed) && ((n >= 1 && n <= 99) || (n >= 1900 && n <= 2100))) return { ok: true, value: n };
  return { ok: false, message: 'Volume must be a volume number (1 to 99) or a start year (1900 to 2100), or blank' };
}

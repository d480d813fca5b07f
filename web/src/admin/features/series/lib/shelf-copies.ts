/** The shelf copies typed: a whole number 0..100, else the message to show. */
export function parseShelfCopies(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed) || Number(trimmed) > 100)
    return { ok: false, message: 'Shelf copies must be a whole number from 0 to 100' };
  return { ok: true, value: Number(trimmed) };
}

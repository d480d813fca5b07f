/** Pure helpers of the FOC worksheet screen. */

/** The next Monday on or after `today` (FOC falls on Mondays for most publishers): a starting guess the admin changes. */
export function nextFocGuess(today: Date): string {
  const d = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The admin's edited totals that differ from what the sheet holds: what Save sends. */
export function changedTotals(
  lines: ReadonlyArray<{ stockId: string; total: number; suggested: number; adjusted: boolean }>,
  edits: Readonly<Record<string, string>>,
): Array<{ stockId: string; total: number | null }> {
  const out: Array<{ stockId: string; total: number | null }> = [];
  for (const line of lines) {
    const edit = edits[line.stockId];
    if (edit === undefined) continue;
    const text = edit.trim();
    if (text === '') {
      if (line.adjusted) out.push({ stockId: line.stockId, total: null });
      continue;
    }
    const total = Number(text);
    if (Number.isInteger(total) && total >= 0 && total !== line.total) out.push({ stockId: line.stockId, total });
  }
  return out;
}

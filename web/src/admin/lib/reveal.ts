/** Long lists that come in one answer are shown 60 at first, then 30 more when scrolling near the end. */
export const FIRST_REVEAL = 60;
export const NEXT_REVEAL = 30;

export function nextReveal(shown: number, total: number): number {
  return Math.min(total, Math.max(shown, FIRST_REVEAL) + NEXT_REVEAL);
}

/** The posting badge on the Admin icon: capped at 99, one style for 1 and another for over 9. */
export interface BadgeInfo {
  text: string;
  variant: 'one' | 'few' | 'many';
}

export const BADGE_CAP = 99;

export function postingBadge(count: number | null | undefined): BadgeInfo | null {
  const n = Math.floor(count ?? 0);
  if (n <= 0) return null;
  const text = String(Math.min(n, BADGE_CAP));
  if (n === 1) return { text, variant: 'one' };
  if (n > 9) return { text, variant: 'many' };
  return { text, variant: 'few' };
}

/** The Admin icon's accessible name, with the number of orders needing posting. */
export function adminIconLabel(count: number | null | undefined): string {
  const n = Math.floor(count ?? 0);
  if (n <= 0) return 'Admin';
  return `Admin, ${n} ${n === 1 ? 'order needs' : 'orders need'} posting`;
}

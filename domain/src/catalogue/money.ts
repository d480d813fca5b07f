/** Money display for the catalogue: the one formatter lives in shared/money.ts. */
export { assertWholeCents, formatCents } from '../shared/money.ts';

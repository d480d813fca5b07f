/**
 * Whether a series exists, for a series want. Series arrive with the weekly-cycle work (branch
 * `series`); until they do there is no series to want, so every series id is unknown (404).
 */
import type { Deps } from '../deps/deps.ts';

export async function seriesExists(_ctx: Pick<Deps, 'store'>, _seriesId: string): Promise<boolean> {
  return false;
}

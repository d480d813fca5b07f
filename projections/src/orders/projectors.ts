import type { Projector } from '../runner/projector.ts';

/** The orders area's projectors. */
export const ordersProjectors: readonly Projector[] = [];

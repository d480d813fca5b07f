import type { Projector } from '../runner/projector.ts';
import { ordersProjector } from './ordersProjector.ts';

/** The orders area's projectors. */
export const ordersProjectors: readonly Projector[] = [ordersProjector];

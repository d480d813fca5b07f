import type { Projector } from '../runner/projector.ts';
import { marketplaceOrdersProjector } from './marketplaceOrdersProjector.ts';

/** The marketplace area's projectors. */
export const marketplaceProjectors: readonly Projector[] = [marketplaceOrdersProjector];

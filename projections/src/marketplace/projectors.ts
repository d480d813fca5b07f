import type { Projector } from '../runner/projector.ts';
import { marketplaceOrdersProjector } from './marketplaceOrdersProjector.ts';
import { marketplaceOversoldProjector } from './marketplaceOversoldProjector.ts';

/** The marketplace area's projectors. */
export const marketplaceProjectors: readonly Projector[] = [marketplaceOrdersProjector, marketplaceOversoldProjector];

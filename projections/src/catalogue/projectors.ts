import type { Projector } from '../runner/projector.ts';
import { catalogueProjector } from './catalogueProjector.ts';

/** The catalogue area's projectors. */
export const catalogueProjectors: readonly Projector[] = [catalogueProjector];

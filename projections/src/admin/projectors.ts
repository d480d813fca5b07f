import type { Projector } from '../runner/projector.ts';
import { checkListProjector } from './checkListProjector.ts';

/** The admin area's projectors. */
export const adminProjectors: readonly Projector[] = [checkListProjector];

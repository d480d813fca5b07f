import type { Projector } from '../runner/projector.ts';
import { pullListProjector } from './pullListProjector.ts';

/** The pull-list area's projectors. */
export const pullListProjectors: readonly Projector[] = [pullListProjector];

import type { Projector } from '../runner/projector.ts';
import { wantsProjector } from './wantsProjector.ts';

/** The wants area's projectors. */
export const wantsProjectors: readonly Projector[] = [wantsProjector];

import type { Projector } from '../runner/projector.ts';
import { seriesProjector } from './seriesProjector.ts';

/** The series area's projectors. */
export const seriesProjectors: readonly Projector[] = [seriesProjector];

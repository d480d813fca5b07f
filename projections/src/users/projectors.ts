import type { Projector } from '../runner/projector.ts';
import { usersProjector } from './usersProjector.ts';

/** The users area's projectors. */
export const usersProjectors: readonly Projector[] = [usersProjector];

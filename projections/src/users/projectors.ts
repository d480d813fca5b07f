import type { Projector } from '../runner/projector.ts';

/** The users area's projectors. */
export const usersProjectors: readonly Projector[] = [];

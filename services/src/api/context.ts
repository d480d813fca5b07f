/** Routes call the use cases with the process's one Deps (built in services/src/main/). */
export type { Deps as AppContext } from '../deps/deps.ts';

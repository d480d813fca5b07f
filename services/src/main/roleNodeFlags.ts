import type { Config } from '../config/config.ts';

/**
 * The flags Node is started with for a role's process, besides how it loads the code: the API's
 * young generation (API_SEMI_SPACE_MB). The supervisor (startAll) and the benchmarks, which run the
 * roles as production does, both start them with these.
 */
export function roleNodeFlags(script: string, config: Pick<Config, 'API_SEMI_SPACE_MB'>): string[] {
  return script === 'api' ? [`--max-semi-space-size=${config.API_SEMI_SPACE_MB}`] : [];
}

import type { NamedMigration } from '../migrations/index.ts';
import * as m0700 from './0700_series.ts';

/** The series area's read-model migrations (0700-0749). */
export const seriesMigrations: Record<string, NamedMigration> = {
  '0700_series': m0700,
};

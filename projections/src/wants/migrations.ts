import type { NamedMigration } from '../migrations/index.ts';
import * as m0800 from './0800_wants.ts';

/** The wants area's read-model migrations (0800-0849). */
export const wantsMigrations: Record<string, NamedMigration> = {
  '0800_wants': m0800,
};

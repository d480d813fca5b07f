import type { NamedMigration } from '../migrations/index.ts';
import * as m0750 from './0750_pull_lists.ts';

/** The pull-list area's read-model migrations (0750-0799). */
export const pullListMigrations: Record<string, NamedMigration> = {
  '0750_pull_lists': m0750,
};

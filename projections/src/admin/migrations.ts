import type { NamedMigration } from '../migrations/index.ts';
import * as m0500 from './0500_check_list.ts';

/** The admin area's read-model migrations (0500-0599). */
export const adminMigrations: Record<string, NamedMigration> = {
  '0500_check_list': m0500,
};

import type { NamedMigration } from '../migrations/index.ts';
import * as m0400 from './0400_users.ts';

/** The users area's read-model migrations (0400-0499). */
export const usersMigrations: Record<string, NamedMigration> = {
  '0400_users': m0400,
};

import type { NamedMigration } from '../migrations/index.ts';

/** The users area's read-model migrations (0400-0499). */
export const usersMigrations: Record<string, NamedMigration> = {};

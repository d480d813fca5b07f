import pg from 'pg';
import { openDatabase, type Database } from '../../services/src/db/database.ts';
import { migrateToLatest } from '../../services/src/db/migrate.ts';
import { serverUrl } from '../../services/src/testing/testDatabase.ts';

/** A fresh, migrated database for one benchmark run (dropped and created again each run). */
export async function freshBenchDatabase(name: string, poolSize = 40): Promise<Database & { url: string }> {
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = serverUrl(name);
  const database = openDatabase(url, poolSize);
  await migrateToLatest(database.db as never);
  return { ...database, url };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-AU');

import { loadConfigOrExit } from '../config/config.ts';
import { openDatabase } from '../db/database.ts';
import { renumberTransactionIds } from '../eventstore/postgres/renumber.ts';
import { allProjectors } from '@shop/projections/index';

/** npm run eventstore:renumber — see docs/event-store.md, "Backup and restore". Stop the shop first. */
const config = loadConfigOrExit();
const database = openDatabase(config.DATABASE_URL, 2);
const n = await renumberTransactionIds(database.db, allProjectors);
console.log(`renumbered ${n} events; read models emptied, the projector rebuilds them when the shop starts`);
await database.close();

import { openDatabase } from '../services/src/db/database.ts';
import { searchStock } from '../services/src/catalogue/catalogueQueries.ts';
import { serverUrl } from '../services/src/testing/testDatabase.ts';
import { DEFAULT_SITE_SETTINGS } from '../domain/src/settings/siteSettings.ts';
const d = openDatabase(serverUrl('comicshop_bench_catalogue'), 2);
for (const term of ['spiderman', 'spider man', 'Spidr-Man', 'spider-man', 'batman', 'saga', 'NOV26', 'miles morales', 'x-men', 'xmen', 'Todd McFarlane', 'zzzz']) {
  const t = performance.now();
  const r = await searchStock(d.db, term, DEFAULT_SITE_SETTINGS);
  const ms = performance.now() - t;
  console.log(term.padEnd(16), String(r.length).padStart(4), (ms.toFixed(1) + 'ms').padStart(8), r.slice(0, 3).map((c) => c.mainDescription).join(' | '));
}
await d.close();

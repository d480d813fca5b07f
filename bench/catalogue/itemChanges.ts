/**
 * bench/catalogue/itemChanges: what an item change costs the API's catalogue cache as kept answers
 * pile up, against weighing every kept answer. An item back in stock (a declined card's copy, a
 * restock) and an item edited (an admin's repricing, the eBay listing id the marketplace sync
 * records) each drop the kept answers they could change; the word index (`WordIndex`) finds the
 * search answers among them by the item's words, so only those and the few browse and homepage
 * answers are weighed.
 *
 *   npm run bench:item-changes [-- --database NAME --answers 3000 --items 300 --rounds 3]
 *
 * On bench:mixed's database (build it with bench:mixed): a cache is filled with `--answers` search
 * answers (the first pages of the catalogue's most searched words and pairs, as the storefront asks them),
 * then `--items` random items in stock are weighed as back in stock, edited where they stay, and
 * repriced, each against the index's candidates and against every answer. Prints the median time
 * an item, and checks that both ways drop the same answers.
 */
import { parseArgs } from 'node:util';
import { searchQuerySchema } from '../../domain/src/catalogue/index.ts';
import { CatalogueCache, stockPlace, type ItemChange, type PlaceRow } from '../../services/src/catalogue/catalogueCache.ts';
import { searchAnswer } from '../../services/src/catalogue/searchStock.ts';
import { openDatabase } from '../../services/src/db/database.ts';
import { readSiteSettings } from '../../services/src/settings/siteSettings.ts';
import { serverUrl } from '../../services/src/testing/testDatabase.ts';
import { fmt, median, migrateBenchDatabase } from '../lib/benchDatabase.ts';
import { numberFlag } from '../lib/numberFlag.ts';
import { readCatalogueTerms } from '../mixed/terms.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'comicshop_bench_mixed' },
    answers: { type: 'string', default: '3000' },
    items: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '3' },
  },
});
const answerCount = numberFlag(values, 'answers', 1);
const itemCount = numberFlag(values, 'items', 1);
const rounds = numberFlag(values, 'rounds', 1);

/** The cache's weighing, reached past `private` for this measurement alone. */
interface Weighing {
  entries: Map<string, unknown>;
  answersChangedBy(changes: readonly ItemChange[], candidates?: Iterable<string>): string[];
}

await migrateBenchDatabase(values.database, 'bench/item-changes');
const database = openDatabase(serverUrl(values.database), 4);
try {
  const cache = new CatalogueCache(database.db, { maxEntries: answerCount + 1000, ttlMs: 60_000 });
  const weighing = cache as unknown as Weighing;
  const settings = await readSiteSettings({ db: database.db });
  const { words, pairs } = await readCatalogueTerms(database.pool, { words: answerCount, pairs: answerCount });
  const terms = words.flatMap((w, i) => [w, pairs[i]].filter((t): t is string => t !== undefined));
  const started = Date.now();
  fill: for (let page = 1; page <= 40; page++) {
    for (const term of terms) {
      if (weighing.entries.size >= answerCount) break fill;
      const query = searchQuerySchema.parse({ page });
      await cache.body(`search:${term}:${page}`, () => searchAnswer(database.db, term, query, settings, cache.items));
    }
  }
  console.log(
    `bench/item-changes: ${fmt(weighing.entries.size)} kept search answers (the first pages of ${fmt(terms.length)} terms) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const { rows } = await database.pool.query<{ id: string; place: PlaceRow }>(
    `select stock_item_id as id, catalogue_place(s) as place from stock_items s where in_stock order by random() limit $1`,
    [itemCount],
  );
  // After every answer kept: each change is news to all of them.
  const seq = Number.MAX_SAFE_INTEGER;
  const kinds: Record<string, (id: string, place: PlaceRow) => ItemChange> = {
    'back in stock': (id, place) => ({ seq, id, moved: false, places: [stockPlace(place)] }),
    'edited where it stays': (id, place) => ({ seq, id, moved: true, places: [], listedAt: stockPlace(place) }),
    repriced: (id, place) => {
      const was = stockPlace(place);
      return { seq, id, moved: true, places: [was, { ...was, price: was.price + 100 }], repriced: true, listedAt: was };
    },
  };
  for (const [kind, changeOf] of Object.entries(kinds)) {
    const changes = rows.map((r) => changeOf(r.id, r.place));
    const indexed: number[] = [];
    const everyAnswer: number[] = [];
    let differ = 0;
    let dropped = 0;
    for (let round = 0; round < rounds; round++) {
      for (const change of changes) {
        let t = performance.now();
        const found = weighing.answersChangedBy([change]);
        indexed.push(performance.now() - t);
        t = performance.now();
        const all = weighing.answersChangedBy([change], weighing.entries.keys());
        everyAnswer.push(performance.now() - t);
        if (round === 0) {
          dropped += all.length;
          const sorted = [...found].sort();
          if (sorted.length !== all.length || [...all].sort().some((key, i) => key !== sorted[i])) differ++;
        }
      }
    }
    console.log(
      `  ${kind.padEnd(22)} an item: ${median(indexed).toFixed(2)} ms by the index, ${median(everyAnswer).toFixed(2)} ms weighing every answer; ` +
        `${fmt(dropped)} answers dropped by ${fmt(changes.length)} items, ${differ === 0 ? 'the same both ways' : `${differ} items dropping other answers`}`,
    );
  }
} finally {
  await database.close();
}

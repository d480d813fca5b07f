/**
 * bench/catalogue/sellOuts: what a last copy selling out and coming back costs the database as the
 * kept search lists pile up. A comic shop's back issues are mostly single copies, so most of its
 * sales sell an item out, and the lists kept since the structure last moved (a week of distinct
 * searches) are what the catalogue's update trigger weighs each one against.
 *
 *   npm run bench:sell-outs [-- --database NAME --lists 3000,10000,30000 --items 200]
 *
 * On bench:mixed's database (comicshop_bench_mixed, migrated first; build it with bench:mixed), in
 * one transaction that is rolled back: the kept lists are raised to each count by copies of those
 * kept, each of its words made a word no item has (the long tail of a shop's searches: typos with
 * nothing to correct them to, creators not in stock), then `--items` single copies in stock are
 * sold out and brought back, one statement each, as the catalogue projector writes a sale. Prints
 * the median and 90th percentile of each statement's time, the trigger's work included.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { serverUrl } from '../../services/src/testing/testDatabase.ts';
import { fmt, median, migrateBenchDatabase } from '../lib/benchDatabase.ts';
import { percentile } from '../mixed/stats.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'comicshop_bench_mixed' },
    lists: { type: 'string', default: '3000,10000,30000' },
    items: { type: 'string', default: '200' },
  },
});
const counts = values.lists.split(',').map(Number);
const items = Number(values.items);

const ms = (n: number) => n.toFixed(2);

await migrateBenchDatabase(values.database, 'bench/sell-outs');
const client = new pg.Client({ connectionString: serverUrl(values.database) });
await client.connect();
try {
  await client.query('begin');
  const real = Number((await client.query<{ n: string }>('select count(*) as n from catalogue_lists')).rows[0]!.n);
  if (real === 0) throw new Error(`${values.database} keeps no search lists: run npm run bench:mixed on it first`);
  const { rows: picked } = await client.query<{ id: string }>(
    `select stock_item_id as id from stock_items where available = 1 and in_stock order by md5(stock_item_id) limit $1`,
    [items],
  );
  console.log(`bench/sell-outs: ${fmt(picked.length)} single copies in stock; ${fmt(real)} kept search lists`);
  let copy = 0;
  let lists = real;
  for (const target of counts) {
    while (lists < target) {
      copy++;
      const { rowCount } = await client.query(
        `insert into catalogue_lists (key, structure, total, ids, matches, run_together, item_types, publisher, words, sort)
         select key || ' #' || $1, structure, 0, '{}',
           to_tsquery('simple', array_to_string(array(select w || 'q' || $1 || ':*' from unnest(words) w), ' & ')),
           '%' || array_to_string(words, '') || 'q' || $1 || '%', item_types, publisher, words, sort
         from catalogue_lists
         where key not like '% #%' and cardinality(words) > 0 and array_to_string(words, '') ~ '^[a-z0-9]+$'
         limit $2`,
        [copy, target - lists],
      );
      if (!rowCount) throw new Error('no kept list with plain words to copy');
      lists += rowCount;
    }
    await client.query('analyze catalogue_lists');
    const soldOut: number[] = [];
    const back: number[] = [];
    const timed = async (into: number[], text: string, id: string) => {
      const started = performance.now();
      await client.query(text, [id]);
      into.push(performance.now() - started);
    };
    for (const { id } of picked) {
      await timed(soldOut, 'update stock_items set available = 0 where stock_item_id = $1', id);
      await timed(back, 'update stock_items set available = 1 where stock_item_id = $1', id);
    }
    const line = (name: string, times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return `${name} p50 ${ms(median(sorted))} ms, p90 ${ms(percentile(sorted, 90))} ms`;
    };
    console.log(`  ${fmt(lists)} kept lists: ${line('sold out', soldOut)}; ${line('back in stock', back)}`);
  }
} finally {
  await client.query('rollback');
  await client.end();
}

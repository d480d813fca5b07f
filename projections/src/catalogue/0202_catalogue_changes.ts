import { sql, type Kysely } from 'kysely';

/**
 * What the API's catalogue cache needs to know about changes, written by triggers on the catalogue
 * tables so that every writer (the projector, `rebuild --replace`) reports them and a rebuild into a
 * scratch schema (tables copied without triggers) reports nothing.
 *
 * - `catalogue_versions.structure` moves whenever an answer's structure may change: an item or batch
 *   added, edited, deleted or repriced, an item coming back in stock (it must appear in lists), or
 *   the site settings saved (they hide games and accessories). Not the settings projector's
 *   checkpoint: the runner moves checkpoints past events a projector skips, so any write moved it.
 * - `stock_availability_feed` has a row for each change of an item's live counts (holds, releases,
 *   sales): the API lays them over cached answers instead of throwing the answers away. An item
 *   selling out is only a feed row: the API stops serving answers that show it.
 * - `search_words`: the words of titles, creators and publishers, for correcting typos in search
 *   terms (words are never removed: a word no item has any more corrects to no results).
 * - `catalogue_lists`: a search's ordered matches (the first 2,000 ids, and their number) under the
 *   structure version they were read at, so a cache miss stays cheap at 100,000 items: a publisher's
 *   name matches a third of the catalogue, and counting and ordering those matches for every page
 *   read 31,000 rows each time. The lists go when the structure moves; a list naming an item that
 *   sold out goes at once (its pages would be short).
 * - The browse indexes carry the item id (INCLUDE), so a page's ids come from an index-only scan
 *   and only the page's rows are read (page 20 of back issues read 600 rows to answer 30).
 *
 * The feed relies on one writer at a time (the catalogue projector; `rebuild --replace` locks the
 * tables): its sequence numbers then commit in order, so a reader that asks for rows after the last
 * one it saw misses none.
 */
/**
 * The columns of stock_items a shopper's answer shows, but for the live counts (available, sales) the
 * API lays over cached answers and the admin's `number`. A test checks every column is named here or
 * there, so a new column cannot be forgotten.
 */
export const STATIC_COLUMNS = [
  'comic_id',
  'item_type',
  'period_type',
  'supplier_type',
  'publisher',
  'main_description',
  'variant_description',
  'writer',
  'artist',
  'cover_artist',
  'selected',
  'srp',
  'price_override',
  'initial_quantity',
  'release_month',
  'release_year',
  'images',
  'has_image',
  'pnp',
  'key',
  'ebay_sku',
  'ebay_listing_id',
  'batch_id',
  'batch_name',
  'batch_date',
  'price',
  'sort_title',
  'added_position',
] as const;
export const LIVE_COLUMNS = ['available', 'number', 'sales_quantity', 'sales_value'] as const;

/** The words of changed titles and creators, kept for correcting typos (in the update trigger). */
export const changedWordsKept = sql`
        insert into search_words (word)
          select distinct w from new_rows n join old_rows o using (stock_item_id),
            catalogue_words_of(n.main_description || ' ' || n.variant_description || ' ' || n.publisher || ' ' || n.writer || ' ' || n.artist || ' ' || n.cover_artist) w
          where (n.main_description, n.variant_description, n.publisher, n.writer, n.artist, n.cover_artist)
                is distinct from (o.main_description, o.variant_description, o.publisher, o.writer, o.artist, o.cover_artist)
          on conflict do nothing;`;

/** The words of added items' titles and creators, kept for correcting typos (in the insert trigger). */
export const addedWordsKept = sql`
      insert into search_words (word)
        select distinct w from new_rows n,
          catalogue_words_of(n.main_description || ' ' || n.variant_description || ' ' || n.publisher || ' ' || n.writer || ' ' || n.artist || ' ' || n.cover_artist) w
        on conflict do nothing;`;

/**
 * The part of the update trigger that 0221 and 0223 keep: a feed row for each change of live counts, and the
 * structure moved (with the words of changed titles and creators kept) when an answer's shape changed.
 */
export const stockMovementReports = sql`
      insert into stock_availability_feed (stock_item_id, available, sales_quantity, sales_value)
        select n.stock_item_id, n.available, n.sales_quantity, n.sales_value
        from new_rows n join old_rows o using (stock_item_id)
        where (n.available, n.sales_quantity, n.sales_value) is distinct from (o.available, o.sales_quantity, o.sales_value)
        order by n.stock_item_id;
      if exists (
        select 1 from new_rows n join old_rows o using (stock_item_id)
        where (n.available > 0 and o.available <= 0)
           or (${sql.raw(STATIC_COLUMNS.map((c) => `n.${c}`).join(', '))}) is distinct from (${sql.raw(STATIC_COLUMNS.map((c) => `o.${c}`).join(', '))})
      ) then
        perform catalogue_bump();
${changedWordsKept}
      end if;`;

/** Now and then, the feed rows older than 10 minutes go: readers that fell this far behind start again from the tables. */
export const feedPruning = sql`
      if random() < 0.002 then
        delete from stock_availability_feed where at < now() - interval '10 minutes';
      end if;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table catalogue_versions (id int primary key check (id = 1), structure bigint not null);
    insert into catalogue_versions values (1, 1);

    create table stock_availability_feed (
      seq bigserial primary key,
      stock_item_id text not null,
      available int not null,
      sales_quantity int not null,
      sales_value bigint not null,
      at timestamptz not null default now()
    );

    create table search_words (word text collate "C" primary key);
    create index search_words_trgm on search_words using gin (word gin_trgm_ops);

    create table catalogue_lists (
      key text primary key,
      structure bigint not null,
      total int not null,
      ids text[] not null
    );
    create index catalogue_lists_ids on catalogue_lists using gin (ids);

    drop index stock_items_browse;
    drop index stock_items_key;
    create index stock_items_browse on stock_items (item_type, period_type, batch_date desc, sort_title, added_position)
      include (stock_item_id) where in_stock;
    create index stock_items_key on stock_items (batch_date desc, sort_title, added_position)
      include (stock_item_id) where key and in_stock;

    create function catalogue_bump() returns void language sql as $$
      update catalogue_versions set structure = structure + 1 where id = 1;
      delete from catalogue_lists;
    $$;

    create function catalogue_structure_changed() returns trigger language plpgsql as $$
    begin
      perform catalogue_bump();
      return null;
    end $$;

    create function catalogue_words_of(t text) returns setof text language sql immutable as $$
      select distinct w from regexp_split_to_table(lower(t), '[^a-z0-9]+') w where length(w) >= 3 and w !~ '^[0-9]+$'
    $$;

    create function stock_items_inserted() returns trigger language plpgsql as $$
    begin
      perform catalogue_bump();
${addedWordsKept}
      return null;
    end $$;

    create function stock_items_updated() returns trigger language plpgsql as $$
    begin
${stockMovementReports}
      if exists (select 1 from catalogue_lists limit 1) then
        delete from catalogue_lists where ids && (
          select coalesce(array_agg(n.stock_item_id), '{}') from new_rows n join old_rows o using (stock_item_id)
          where n.available <= 0 and o.available > 0);
      end if;
${feedPruning}
      return null;
    end $$;

    create trigger stock_items_inserted after insert on stock_items
      referencing new table as new_rows for each statement execute function stock_items_inserted();
    create trigger stock_items_updated after update on stock_items
      referencing old table as old_rows new table as new_rows for each statement execute function stock_items_updated();
    create trigger stock_items_deleted after delete on stock_items
      for each statement execute function catalogue_structure_changed();
    create trigger stock_items_truncated after truncate on stock_items
      for each statement execute function catalogue_structure_changed();
    create trigger batches_changed after insert or update or delete or truncate on batches
      for each statement execute function catalogue_structure_changed();
    -- Site settings hide games and accessories: a change is a change of every answer's structure.
    create trigger site_settings_changed after insert or update or delete or truncate on site_settings
      for each statement execute function catalogue_structure_changed();

    insert into search_words (word)
      select distinct w from stock_items s,
        catalogue_words_of(s.main_description || ' ' || s.variant_description || ' ' || s.publisher || ' ' || s.writer || ' ' || s.artist || ' ' || s.cover_artist) w
      on conflict do nothing;
  `.execute(db);
}

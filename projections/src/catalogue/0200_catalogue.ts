import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create extension if not exists pg_trgm;

    create table batches (
      batch_id text primary key,
      name text not null,
      type text not null,
      item_type text not null,
      period_type text,
      supplier_type text,
      publish_date timestamptz,
      cut_off_date timestamptz,
      discount_percent int not null,
      value bigint not null,
      hide_home_page boolean not null,
      is_default boolean not null,
      created_position bigint not null
    );

    create table stock_items (
      stock_item_id text primary key,
      comic_id text not null,
      item_type text not null,
      period_type text not null,
      supplier_type text not null,
      publisher text not null,
      main_description text not null,
      variant_description text not null,
      writer text not null,
      artist text not null,
      cover_artist text not null,
      selected boolean not null,
      srp int not null,
      price_override int not null,
      number int not null,
      available int not null,
      initial_quantity int not null,
      sales_quantity int not null,
      sales_value bigint not null,
      release_month int not null,
      release_year int not null,
      images jsonb not null,
      has_image boolean not null,
      pnp int not null,
      key boolean not null,
      ebay_sku text,
      ebay_listing_id text,
      batch_id text,
      batch_name text,
      batch_date timestamptz,
      price int not null,
      sort_title text collate "C" not null,
      added_position bigint not null,
      -- 'simple': comic titles and names are not English prose, so no stemming or stop words.
      search_vector tsvector generated always as (
        setweight(to_tsvector('simple', main_description), 'A') ||
        setweight(to_tsvector('simple', comic_id), 'A') ||
        setweight(to_tsvector('simple', variant_description), 'B') ||
        setweight(to_tsvector('simple', publisher), 'C') ||
        setweight(to_tsvector('simple', writer || ' ' || artist || ' ' || cover_artist), 'C')
      ) stored,
      search_title text generated always as (lower(main_description)) stored,
      -- Letters and digits only: "spiderman" finds "Spider-Man".
      search_compact text generated always as (regexp_replace(lower(main_description), '[^a-z0-9]+', '', 'g')) stored
    );

    create index stock_items_browse on stock_items (item_type, period_type, batch_date desc, sort_title, added_position) where available > 0;
    create index stock_items_key on stock_items (batch_date desc, sort_title, added_position) where key and available > 0;
    create index stock_items_batch on stock_items (batch_id, sort_title, added_position);
    create index stock_items_comic_id on stock_items (comic_id);
    create index stock_items_search on stock_items using gin (search_vector);
    create index stock_items_title_trgm on stock_items using gin (search_title gin_trgm_ops);
    create index stock_items_compact_trgm on stock_items using gin (search_compact gin_trgm_ops);
  `.execute(db);
}

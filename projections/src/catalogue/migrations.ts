import type { NamedMigration } from '../migrations/index.ts';
import * as m0200 from './0200_catalogue.ts';
import * as m0201 from './0201_stock_items_in_stock.ts';
import * as m0202 from './0202_catalogue_changes.ts';
import * as m0220 from './0220_stock_item_grading.ts';
import * as m0221 from './0221_sold_out_lists.ts';
import * as m0222 from './0222_kept_lists_gin_pending.ts';
import * as m0210 from './0210_stock_item_issues.ts';
import * as m0211 from './0211_stock_item_order_by.ts';
import * as m0212 from './0212_stock_item_upc.ts';
import * as m0223 from './0223_kept_lists_checked_on_read.ts';
import * as m0224 from './0224_back_in_stock_scoped.ts';
import * as m0225 from './0225_item_changes_scoped.ts';
import * as m0226 from './0226_catalogue_place_sort_keys.ts';
import * as m0227 from './0227_catalogue_place_grade.ts';
import * as m0228 from './0228_lists_read_only_when_listed.ts';
import * as m0229 from './0229_kept_lists_counted_past_their_end.ts';
import * as m0230 from './0230_kept_lists_know_their_gone.ts';
import * as m0231 from './0231_kept_lists_survive_edits_in_place.ts';
import * as m0232 from './0232_browse_sort_indexes.ts';
import * as m0233 from './0233_catalogue_place_comic_id.ts';
import * as m0234 from './0234_kept_lists_found_by_words.ts';
import * as m0235 from './0235_catalogue_place_lexemes.ts';

/** The catalogue area's read-model migrations (0200-0299). */
export const catalogueMigrations: Record<string, NamedMigration> = {
  '0200_catalogue': m0200,
  '0201_stock_items_in_stock': m0201,
  '0202_catalogue_changes': m0202,
  '0220_stock_item_grading': m0220,
  '0221_sold_out_lists': m0221,
  '0222_kept_lists_gin_pending': m0222,
  '0223_kept_lists_checked_on_read': m0223,
  '0224_back_in_stock_scoped': m0224,
  '0225_item_changes_scoped': m0225,
  '0226_catalogue_place_sort_keys': m0226,
  '0227_catalogue_place_grade': m0227,
  '0228_lists_read_only_when_listed': m0228,
  '0229_kept_lists_counted_past_their_end': m0229,
  '0230_kept_lists_know_their_gone': m0230,
  '0231_kept_lists_survive_edits_in_place': m0231,
  '0232_browse_sort_indexes': m0232,
  '0233_catalogue_place_comic_id': m0233,
  '0234_kept_lists_found_by_words': m0234,
  '0235_catalogue_place_lexemes': m0235,
  '0210_stock_item_issues': m0210,
  '0211_stock_item_order_by': m0211,
  '0212_stock_item_upc': m0212,
};

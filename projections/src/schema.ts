import type { ColumnType } from 'kysely';
import type { AdminTables } from './admin/tables.ts';
import type { CatalogueTables } from './catalogue/tables.ts';
import type { MarketplaceTables } from './marketplace/tables.ts';
import type { OrderTables } from './orders/tables.ts';
import type { PullListTables } from './pullLists/tables.ts';
import type { SeriesTables } from './series/tables.ts';
import type { UserTables } from './users/tables.ts';
import type { WantTables } from './wants/tables.ts';

/** Tables every area shares: checkpoints, settings, the audit history. */
export interface CoreTables {
  projection_checkpoints: {
    projector: string;
    position: string | null;
    updated_at: ColumnType<Date, never, Date>;
  };
  site_settings: {
    id: number;
    hide_accessories: boolean;
    hide_games: boolean;
    warning_text: string;
    update_transactions_save: boolean;
    update_transactions_days: number;
  };
  audit_entries: {
    event_id: string;
    global_position: string;
    stream_id: string;
    stream_type: string;
    stream_position: number;
    event_type: string;
    actor_kind: string;
    user_id: string | null;
    user_name: string;
    user_email: string;
    description: string;
    created_at: Date;
  };
}

/** The read-model tables (public schema), as kysely sees them: one interface per area. */
export interface ReadModels
  extends CoreTables, CatalogueTables, OrderTables, UserTables, AdminTables, MarketplaceTables, SeriesTables, PullListTables, WantTables {}

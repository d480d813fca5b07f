import type { ColumnType, Generated } from 'kysely';

/** The read-model tables (public schema), as kysely sees them. */
export interface ReadModels {
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
  orders_awaiting_postage: {
    order_id: string;
    public_id: number;
    completed_at: Date;
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

export type { Generated };

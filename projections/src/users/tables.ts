import type { ColumnType } from 'kysely';
import type { Address } from '@shop/domain/users/index';

type Json<T> = ColumnType<T, string, string>;

/** User read models: accounts (never a password hash), credit balances and feedback. */
export interface UserTables {
  users: {
    user_id: string;
    /** Lower-cased; unique. */
    email: string;
    given_name: string;
    family_name: string;
    admin: boolean;
    local_pickup: boolean;
    addresses: Json<Address[]>;
    show_collate_addresses: boolean;
    created_at: Date;
    updated_at: Date;
  };
  /** A user's store credit: balance = granted + carried forward - used (cents). */
  credit_balances: {
    user_id: string;
    balance_cents: number;
    granted_cents: number;
    used_cents: number;
    carried_forward_cents: number;
    updated_at: Date;
  };
  feedback: {
    feedback_id: string;
    email: string;
    description: string;
    user_id: string | null;
    created_at: Date;
  };
}

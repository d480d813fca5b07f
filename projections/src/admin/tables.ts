/** Admin read models: the check list. */
export interface AdminTables {
  check_list_items: {
    check_list_item_id: string;
    name: string;
    description: string;
    /** true when done. */
    status: boolean;
    /** When CheckListItemAdded was recorded. */
    created_at: Date;
    /** Global position of CheckListItemAdded: the list's order (oldest first). */
    created_position: string;
  };
}

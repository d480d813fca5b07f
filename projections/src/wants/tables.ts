/** Want lists (issue 18): what the back-in-stock reactor matches and the admin's demand screen counts. */
export interface WantTables {
  wants: {
    want_id: string;
    user_id: string;
    series_id: string | null;
    title: string | null;
    /** titleKey(title): letters and digits, lower case. */
    title_key: string | null;
    issue_number: string | null;
    /** issueKey(issueNumber). */
    issue_key: string | null;
    /** numeric: read as text. */
    grade_min: string | null;
    stock_id: string | null;
    created_at: Date;
    added_position: string;
  };
}

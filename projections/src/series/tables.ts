/** Series read model: every series, for the series search, the series page and the admin. */
export interface SeriesTables {
  series: {
    series_id: string;
    title: string;
    /** seriesKey(title): how titles are matched (case, punctuation and a leading "The" ignored). */
    title_key: string;
    publisher: string;
    /** A volume number (1..99) or a start year (1900..2100); null when unknown. */
    volume: number | null;
    /** Copies of each new issue ordered for the shelf. */
    shelf_copies: number;
    /** The series this one was merged into; null while it lives. */
    merged_into: string | null;
    /** Global position of SeriesStarted: a stable last tie-breaker. */
    started_position: string;
  };
}

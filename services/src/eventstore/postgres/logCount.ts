import type pg from 'pg';

/**
 * The number of events in the log, without counting the whole log each time (150 ms at 128,000
 * events, growing with the log). Events of transactions below the horizon (nothing still running in
 * this database is older) can no longer change: they are counted once and remembered with the
 * horizon; each later count adds the settled range since then and counts the unsettled tail afresh.
 * Both are ranges of the commit-order index's leading column. Counts run one at a time, so two never
 * add the same range. Events are never deleted while the shop runs (the renumbering tool wants it
 * stopped), so the remembered count stays true.
 */
export class LogCount {
  private settled = 0;
  private below = '0';
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    /** SQL for the horizon: a transaction id below which every transaction has ended. */
    private readonly horizon: string,
  ) {}

  count(): Promise<number> {
    // After the count before it, whether that one succeeded or not.
    const next = this.running.catch(() => undefined).then(() => this.countOnce());
    this.running = next;
    return next;
  }

  private async countOnce(): Promise<number> {
    const { rows } = await this.pool.query<{ settled: string; tail: string; horizon: string }>({
      name: 'es-log-count',
      text: `with h as materialized (select ${this.horizon} as horizon)
        select (select count(*) from events, h where transaction_id >= $1::xid8 and transaction_id < h.horizon) as settled,
               (select count(*) from events, h where transaction_id >= h.horizon) as tail,
               (select horizon::text from h) as horizon`,
      values: [this.below],
    });
    const row = rows[0]!;
    this.settled += Number(row.settled);
    this.below = row.horizon;
    return this.settled + Number(row.tail);
  }
}

/**
 * A load started at a set rate, open loop: a start every 1/rate seconds whether or not the earlier
 * ones finished (as shoppers arrive). Every start that is due is made, so a late timer does not lower
 * the rate; `due` decides what each start does.
 */
export abstract class OpenLoopLoad {
  private stopping = true;
  private scheduler: Promise<void> = Promise.resolve();
  protected readonly inFlight = new Set<Promise<void>>();

  constructor(protected readonly rate: number) {}

  start(): void {
    if (this.rate <= 0) return;
    this.stopping = false;
    this.scheduler = this.schedule();
  }

  /** Stops starting and waits for those in flight. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.scheduler;
    await Promise.all(this.inFlight);
  }

  protected abstract due(): void;

  /** Keeps `work` in flight until it settles. */
  protected track(work: Promise<void>): void {
    const running: Promise<void> = work.finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  private async schedule(): Promise<void> {
    const interval = 1000 / this.rate;
    let next = performance.now();
    while (!this.stopping) {
      for (const now = performance.now(); next <= now; next += interval) this.due();
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  }
}

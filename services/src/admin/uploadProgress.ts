import { randomUUID } from 'node:crypto';

/** How long a finished upload's progress is kept (in this process's memory). */
export const UPLOAD_PROGRESS_TTL_MS = 60 * 60 * 1000;

export interface UploadProgress<R> {
  processed: number;
  total: number;
  done: boolean;
  /** The upload's answer once done (or `{ message }` when it failed). */
  result: R | null;
  failed: boolean;
  startedAt: number;
}

/**
 * Progress of uploads run in the background (?async=1), kept in memory: simple, and enough for one
 * API process (behind a load balancer the progress calls must reach the same process).
 */
export class UploadProgressStore<R> {
  private readonly jobs = new Map<string, UploadProgress<R>>();

  start(total: number): { jobId: string; progress: UploadProgress<R> } {
    this.prune();
    const jobId = randomUUID();
    const progress: UploadProgress<R> = { processed: 0, total, done: false, result: null, failed: false, startedAt: Date.now() };
    this.jobs.set(jobId, progress);
    return { jobId, progress };
  }

  get(jobId: string): UploadProgress<R> | undefined {
    return this.jobs.get(jobId);
  }

  private prune(now = Date.now()): void {
    for (const [id, job] of this.jobs) if (job.done && now - job.startedAt > UPLOAD_PROGRESS_TTL_MS) this.jobs.delete(id);
  }
}

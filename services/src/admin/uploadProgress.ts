import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** How long a finished upload's progress is kept. */
export const UPLOAD_PROGRESS_TTL_MS = 60 * 60 * 1000;
/** Progress is written to Redis at most this often while an upload runs (and always when it ends). */
const WRITE_EVERY_MS = 250;

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
 * Progress of uploads run in the background (?async=1). With Redis (the API's queue connection) it
 * is kept there under a key that expires, so any API process behind the balancer can answer the
 * progress calls; without, in this process's memory.
 */
export class UploadProgressStore<R> {
  private readonly jobs = new Map<string, UploadProgress<R>>();
  private readonly written = new Map<string, number>();

  constructor(private readonly redis: { connection: Redis; prefix: string } | null = null) {}

  start(total: number): { jobId: string; progress: UploadProgress<R> } {
    this.prune();
    const jobId = randomUUID();
    const progress: UploadProgress<R> = { processed: 0, total, done: false, result: null, failed: false, startedAt: Date.now() };
    this.jobs.set(jobId, progress);
    this.changed(jobId);
    return { jobId, progress };
  }

  /** Tells the store the job's progress moved, so other processes see it. */
  changed(jobId: string): void {
    const job = this.jobs.get(jobId);
    if (!this.redis || !job) return;
    const now = Date.now();
    if (!job.done && now - (this.written.get(jobId) ?? 0) < WRITE_EVERY_MS) return;
    this.written.set(jobId, now);
    this.redis.connection.set(this.key(jobId), JSON.stringify(job), 'PX', UPLOAD_PROGRESS_TTL_MS).catch(() => undefined);
    if (job.done) this.written.delete(jobId);
  }

  async get(jobId: string): Promise<UploadProgress<R> | undefined> {
    const local = this.jobs.get(jobId);
    if (local || !this.redis) return local;
    const stored = await this.redis.connection.get(this.key(jobId));
    return stored ? (JSON.parse(stored) as UploadProgress<R>) : undefined;
  }

  private key(jobId: string): string {
    return `${this.redis!.prefix}:upload-progress:${jobId}`;
  }

  private prune(now = Date.now()): void {
    for (const [id, job] of this.jobs) if (job.done && now - job.startedAt > UPLOAD_PROGRESS_TTL_MS) this.jobs.delete(id);
  }
}

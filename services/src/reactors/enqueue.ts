import type { JobsOptions, Queue } from 'bullmq';

export const JOB_ATTEMPTS = 6;

const JOB_OPTIONS: JobsOptions = {
  attempts: JOB_ATTEMPTS,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 30 * 24 * 3600 },
  removeOnFail: false,
};

/**
 * Adds a job under a fixed id: BullMQ ignores an add whose id it already holds, so a reactor that
 * reads an event again (after a crash before its checkpoint moved) never queues it twice. Finished
 * jobs are kept for 30 days for that reason (and for the admin's status page).
 */
export async function enqueueOnce(queue: Queue, name: string, data: unknown, jobId: string): Promise<void> {
  await queue.add(name, data, { ...JOB_OPTIONS, jobId });
}

/**
 * Adds several jobs as enqueueOnce does, in one round trip (BullMQ pipelines the adds). A call that
 * fails part way can be repeated whole: the ids Redis already holds are ignored.
 */
export async function enqueueAllOnce(queue: Queue, jobs: ReadonlyArray<{ name: string; data: unknown; jobId: string }>): Promise<void> {
  if (jobs.length === 0) return;
  await queue.addBulk(jobs.map(({ name, data, jobId }) => ({ name, data, opts: { ...JOB_OPTIONS, jobId } })));
}

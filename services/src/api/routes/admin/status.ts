import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { QUEUE_NAMES, type QueueName } from '../../../queue/queues.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { dataTidy } from '../../../admin/dataTidy.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { adminRoute, parse } from './adminRoute.ts';
import { adminCalls } from '@shop/domain/contract/admin';

/** Failed jobs listed per queue (newest first). */
export const FAILED_JOBS_LIMIT = 100;

const jobParams = z.object({
  queue: z
    .string()
    .refine(
      (q): q is QueueName => (QUEUE_NAMES as readonly string[]).includes(q),
      `No such queue; the queues are ${QUEUE_NAMES.join(', ')}`,
    ),
  id: z.string().trim().min(1, 'Job not found').max(300, 'Job not found'),
});

/** The status page (admin §2): Data Tidy and failed background jobs (the figures are the public GET /api/status). */
export function adminStatusRoutes(app: FastifyInstance, ctx: AppContext): void {
  const queues = () => {
    if (!ctx.queues) throw new HttpError(503, 'The job queues are not available (Redis is not configured).');
    return ctx.queues;
  };

  adminRoute(
    app,
    ctx,
    'GET',
    '/data-tidy',
    async (request) => {
      const { actor: _actor, ...metadata } = requestMetadata(ctx, request, { kind: 'guest' });
      return dataTidy(ctx, metadata);
    },
    { schema: adminCalls.dataTidy },
  );

  adminRoute(
    app,
    ctx,
    'GET',
    '/admin-failed-jobs',
    async () => {
      if (!ctx.queues) return { jobs: [] };
      const lists = await Promise.all(
        QUEUE_NAMES.map(async (queue) => {
          const failed = await ctx.queues!.queue(queue).getFailed(0, FAILED_JOBS_LIMIT - 1);
          return failed.map((job) => ({
            queue,
            id: String(job.id),
            name: job.name,
            failedReason: job.failedReason ?? null,
            attemptsMade: job.attemptsMade,
            timestamp: job.finishedOn ?? job.timestamp,
          }));
        }),
      );
      return { jobs: lists.flat().sort((a, b) => b.timestamp - a.timestamp) };
    },
    { schema: adminCalls.failedJobs },
  );

  adminRoute(
    app,
    ctx,
    'POST',
    '/admin-retry-job/:queue/:id',
    async (request) => {
      const { queue, id } = parse(jobParams, request.params);
      const job = await queues()
        .queue(queue as QueueName)
        .getJob(id);
      if (!job) throw new HttpError(404, 'Job not found');
      const state = await job.getState();
      if (state !== 'failed') throw new HttpError(409, `Only a failed job can be retried; this one is ${state}`);
      await job.retry('failed');
      return { message: `Job ${id} queued again`, state: await job.getState() };
    },
    { schema: { ...adminCalls.retryJob, params: jobParams } },
  );

  adminRoute(
    app,
    ctx,
    'GET',
    '/admin-job/:queue/:id',
    async (request) => {
      const { queue, id } = parse(jobParams, request.params);
      // The state first: a job read before it completes and asked its state after would answer
      // "completed" without its result.
      const jobs = queues().queue(queue as QueueName);
      const state = await jobs.getJobState(id);
      const job = await jobs.getJob(id);
      if (!job || state === 'unknown') throw new HttpError(404, 'Job not found');
      return { state, progress: job.progress ?? null, result: job.returnvalue ?? null, failedReason: job.failedReason ?? null };
    },
    { schema: { ...adminCalls.job, params: jobParams } },
  );
}

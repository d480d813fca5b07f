import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { streamHistory } from '../../../admin/streamHistory.ts';
import { adminRoute, parse } from './adminRoute.ts';
import { adminCalls } from '@shop/domain/contract/admin';

const whole = (label: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ invalid_type_error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );
const optionalText = (label: string, pattern: RegExp) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z
      .string({ invalid_type_error: `${label} must be text` })
      .max(200, `${label} is at most 200 characters`)
      .regex(pattern, `${label} is not valid`)
      .optional(),
  );

export const AUDIT_MAX_PAGE_SIZE = 200;

const auditQuery = z.object({
  page: whole('page', 1, 100_000, 1),
  pageSize: whole('pageSize', 1, AUDIT_MAX_PAGE_SIZE, 25),
  userId: optionalText('userId', /^[\w@.-]+$/),
  /** The stream type: order, stock, batch, user, credit, settings, feedback, checklist, ... */
  kind: optionalText('kind', /^[a-z]+$/),
  streamId: optionalText('streamId', /^[\w@.:-]+$/),
});

const streamParams = z.object({
  streamId: z
    .string()
    .trim()
    .min(3, 'No such stream')
    .max(300, 'No such stream')
    .regex(/^[a-z]+-[\w@.:-]+$/, 'A stream id looks like order-{id}, stock-{id} or user-{id}'),
});

/** The audit history (every change, newest first) and one stream's history replayed from its events. */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminRoute(
    app,
    ctx,
    'GET',
    '/audit-history',
    async (request) => {
      const { page, pageSize, userId, kind, streamId } = parse(auditQuery, request.query);
      let q = ctx.db.selectFrom('audit_entries');
      if (userId) q = q.where('user_id', '=', userId);
      if (kind) q = q.where('stream_type', '=', kind);
      if (streamId) q = q.where('stream_id', '=', streamId);
      const [rows, count] = await Promise.all([
        q
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('global_position', 'desc')
          .offset((page - 1) * pageSize)
          .limit(pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        audits: rows.map((r) => ({
          _id: r.event_id,
          createdAt: r.created_at.toISOString(),
          userName: r.user_name,
          userEmail: r.user_email,
          userId: r.user_id,
          description: r.description,
          streamId: r.stream_id,
          streamType: r.stream_type,
          eventType: r.event_type,
          version: r.stream_position,
        })),
        total: Number(count.n),
        page,
        pageSize,
      };
    },
    { schema: { ...adminCalls.auditHistory, querystring: auditQuery } },
  );

  adminRoute(
    app,
    ctx,
    'GET',
    '/stream-history/:streamId',
    async (request) => {
      const { streamId } = parse(streamParams, request.params);
      const history = await streamHistory(ctx.store, streamId);
      if (!history) throw new HttpError(404, `No history for ${streamId}`);
      return history;
    },
    { schema: { ...adminCalls.streamHistory, params: streamParams } },
  );
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** The orders calls. */
export function ordersRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}

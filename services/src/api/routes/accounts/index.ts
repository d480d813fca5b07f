import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** The accounts calls. */
export function accountsRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** The catalogue calls. */
export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}

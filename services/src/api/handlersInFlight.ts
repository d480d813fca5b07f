import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/** How long closing the app waits for handlers still running before it lets them fail. */
export const HANDLERS_SETTLE_MS = 10_000;

/**
 * Makes `app.close()` wait for every route handler still running, so the process's database pools
 * are closed only after them. Fastify's close waits for connections, not handlers: a shopper who
 * leaves mid-request closes their connection while the handler goes on, and its next query then met
 * a destroyed pool (a logged 500 at every restart under load). Register before any route.
 */
export function settleHandlersOnClose(app: FastifyInstance, settleMs = HANDLERS_SETTLE_MS): void {
  let running = 0;
  let settled: (() => void) | null = null;
  const done = () => {
    running--;
    if (running === 0) settled?.();
  };
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request, reply) {
      running++;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (e) {
        done();
        throw e;
      }
      if (result instanceof Promise) return result.finally(done);
      done();
      return result;
    } as RouteHandlerMethod;
  });
  app.addHook('onClose', async () => {
    if (running === 0) return;
    const all = new Promise<void>((resolve) => (settled = resolve));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), settleMs)));
    if ((await Promise.race([all, late])) === 'late') app.log.warn({ running }, 'closing with handlers still running');
    clearTimeout(timer);
  });
}

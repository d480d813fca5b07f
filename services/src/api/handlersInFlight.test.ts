import Fastify from 'fastify';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { settleHandlersOnClose } from './handlersInFlight.ts';

/** Sends one GET; the function returned leaves without waiting for the answer. */
function sendAndLeaveLater(port: number, path: string): () => void {
  const req = request({ host: '127.0.0.1', port, path });
  req.on('error', () => {});
  req.end();
  return () => req.destroy();
}

describe('settleHandlersOnClose', () => {
  it('closes only after a handler whose client left has finished', async () => {
    const app = Fastify({ logger: false });
    settleHandlersOnClose(app);
    let closed = false;
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    let sawClosed: boolean | null = null;
    app.get('/slow', async () => {
      started();
      // The server has let every connection go: fastify's own close would now be done.
      await new Promise((resolve) => app.server.once('close', resolve));
      // A query after that (the pools must still be open).
      await new Promise((resolve) => setTimeout(resolve, 300));
      sawClosed = closed;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const leave = sendAndLeaveLater((app.server.address() as AddressInfo).port, '/slow');
    await handlerStarted;
    leave();
    await app.close();
    closed = true;
    expect(sawClosed).toBe(false);
  });

  it('wraps synchronous handlers and ones that throw without holding close', async () => {
    const app = Fastify({ logger: false });
    settleHandlersOnClose(app);
    app.get('/sync', (_request, reply) => {
      reply.send({ sync: true });
    });
    app.get('/throws', () => {
      throw new Error('no');
    });
    app.get('/rejects', async () => {
      throw new Error('no');
    });
    expect((await app.inject('/sync')).json()).toEqual({ sync: true });
    expect((await app.inject('/throws')).statusCode).toBe(500);
    expect((await app.inject('/rejects')).statusCode).toBe(500);
    await app.close();
  });

  it('stops waiting for a handler that never finishes after its time', async () => {
    const app = Fastify({ logger: false });
    settleHandlersOnClose(app, 50);
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    app.get('/stuck', () => {
      started();
      return new Promise(() => {});
    });
    void app.inject('/stuck');
    await handlerStarted;
    await app.close();
  });
});

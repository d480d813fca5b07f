import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { NewEvent } from '../eventstore/types.ts';

export function testMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    actor: { kind: 'system', name: 'test' },
    correlationId: randomUUID(),
    causationId: null,
    requestId: null,
    time: new Date().toISOString(),
    ...overrides,
  };
}

export function testEvent(type: string, data: unknown = {}): NewEvent {
  return { type, data, metadata: testMetadata() };
}

export function uniqueStream(type = 'test'): string {
  return `${type}-${randomUUID()}`;
}

/**
 * Waits until `read` answers something `done` accepts. readAll only returns events older than every
 * transaction still running in the cluster (xids are cluster-wide), so another test file's open
 * transaction can delay (never hide) events this test just appended.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Polls `check` until it holds (`eventually`), failing with what was awaited once `timeoutMs` has passed. */
export async function pollUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  if (!(await eventually(async () => check(), Boolean, timeoutMs))) throw new Error(`${what} did not happen in ${timeoutMs / 1000} s`);
}

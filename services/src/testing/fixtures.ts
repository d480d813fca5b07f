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

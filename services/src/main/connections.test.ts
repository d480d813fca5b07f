import { describe, expect, it } from 'vitest';
import { configSchema } from '../config/config.ts';
import { POSTGRES_DEFAULT_MAX_CONNECTIONS, shopConnectionsAtMost } from './connections.ts';

describe("the shop's connections", () => {
  it("fit PostgreSQL's default max_connections with the default pools", () => {
    const defaults = configSchema.parse({});
    expect(shopConnectionsAtMost(defaults)).toBeLessThanOrEqual(POSTGRES_DEFAULT_MAX_CONNECTIONS);
  });
});

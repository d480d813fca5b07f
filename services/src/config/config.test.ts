import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives working local defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.EVENT_STORE).toBe('postgres');
    expect(c.DATABASE_URL).toMatch(/^postgres:/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ EVENT_STORE: 'mongo' })).toThrow(/EVENT_STORE/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 16/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
  });
});

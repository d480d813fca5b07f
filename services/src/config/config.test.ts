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

describe('in production', () => {
  const safe = { NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(16) + 'b'.repeat(16), ADMIN_PASSWORD: 'a long passphrase' };

  it('starts with secrets of its own', () => {
    expect(loadConfig(safe).NODE_ENV).toBe('production');
  });

  it('refuses the development JWT_SECRET, naming the setting', () => {
    expect(() => loadConfig({ ...safe, JWT_SECRET: undefined })).toThrow(
      /Refusing to start in production:\n {2}JWT_SECRET: set a long random value/,
    );
  });

  it("refuses docker-compose's placeholder secret and a short one", () => {
    expect(() => loadConfig({ ...safe, JWT_SECRET: 'change-me-to-a-long-random-secret' })).toThrow(/JWT_SECRET: set a long random value/);
    expect(() => loadConfig({ ...safe, JWT_SECRET: 'sixteen-chars-ok' })).toThrow(/JWT_SECRET: use at least 32 characters/);
  });

  it('refuses the default ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ ...safe, ADMIN_PASSWORD: undefined })).toThrow(/ADMIN_PASSWORD: set a password of your own/);
  });

  it('keeps the development defaults outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).JWT_SECRET).toBe('dev-only-secret-change-me-please');
    expect(loadConfig({ NODE_ENV: 'test' }).ADMIN_PASSWORD).toBe('admin-password');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs in demo mode with no configuration at all', () => {
    const config = loadConfig({});
    expect(config.demo).toBe(true);
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('never seeds demo data in production and requires its secrets, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/ALTCHA_HMAC_KEY/);
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ALTCHA_HMAC_KEY: 'y'.repeat(20) });
    expect(config.demo).toBe(false);
  });

  it('stops on a malformed variable with its name', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.it' })).toThrow(/ADMIN_EMAIL\/ADMIN_PASSWORD/);
  });
});

describe('secrets outside production', () => {
  const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'config-test-'));

  it('generates a random JWT secret and bot-check key on first start, keeps them in the data folder, reuses them on restart', () => {
    const dataDir = tmpDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.jwtSecret).not.toBe('development-only-secret-change-me-0123456789');
    expect(first.altchaHmacKey).not.toBe('development-only-altcha-key');
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
    // Another installation gets another secret.
    expect(loadConfig({ DATA_DIR: tmpDir() }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('refuses a secret that was published in the source, from the environment or from the data folder', () => {
    expect(() => loadConfig({ JWT_SECRET: 'development-only-secret-change-me-0123456789' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ALTCHA_HMAC_KEY: 'development-only-altcha-key' })).toThrow(/ALTCHA_HMAC_KEY/);
    const dataDir = tmpDir();
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'development-only-secret-change-me-0123456789');
    expect(() => loadConfig({ DATA_DIR: dataDir }).jwtSecret).toThrow(ConfigError);
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = {
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  DATA_DIR: '/tmp/guichet-test-unused',
};

describe('loadConfig', () => {
  it('shares rate limits through Redis, and reads reports from a replica, only when asked', () => {
    const plain = loadConfig(base);
    expect(plain.redis).toBeNull();
    expect(plain.databaseReplicaUrl).toBeNull();
    expect(plain.outboxLeaseSeconds).toBe(300);
    const scaled = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://db.internal/guichet',
      DATABASE_REPLICA_URL: 'postgres://replica.internal/guichet',
      REDIS_URL: 'redis://cache.internal:6379',
    });
    expect(scaled.redis).toEqual({ url: 'redis://cache.internal:6379', keyPrefix: 'guichet:' });
    expect(scaled.databaseReplicaUrl).toBe('postgres://replica.internal/guichet');
    // A replica of the embedded database cannot exist: ignored without DATABASE_URL.
    expect(
      loadConfig({ ...base, DATABASE_REPLICA_URL: 'postgres://replica.internal/x' }).databaseReplicaUrl,
    ).toBeNull();
  });

  it('has the documented defaults', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(4000);
    // Development helpers need development said explicitly.
    expect(config.env).toBe('production');
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.accessTokenTtlSeconds).toBe(3600);
    expect(config.refreshTokenTtlDays).toBe(30);
    expect(config.resetCodeTtlMinutes).toBe(15);
    expect(config.passwordPolicy).toEqual({
      minLength: 6,
      requireLowercase: false,
      requireUppercase: false,
      requireNumeric: false,
      requireNonAlphanumeric: false,
    });
    expect(config.rateLimit).toEqual({ perIp: 30, perAccount: 10, windowSeconds: 900 });
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ ...base, DATABASE_URL: '', SMTP_URL: '', PORT: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.port).toBe(4000);
  });

  it('fails naming every invalid variable', () => {
    expect(() => loadConfig({ ...base, PORT: 'eighty', RESET_CODE_TTL_MINUTES: '0' })).toThrow(
      /PORT[\s\S]*RESET_CODE_TTL_MINUTES|RESET_CODE_TTL_MINUTES[\s\S]*PORT/,
    );
    expect(() => loadConfig({ ...base, PASSWORD_REQUIRE_UPPERCASE: 'maybe' })).toThrow(
      /PASSWORD_REQUIRE_UPPERCASE/,
    );
    expect(() => loadConfig({ ...base, JWT_SECRET: 'too short' })).toThrow(/JWT_SECRET/);
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://tickets.example.org/' }).publicUrl).toBe(
      'https://tickets.example.org',
    );
  });

  it.each([
    [{}, false],
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'test' }, true],
    [{ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:25' }, false],
    // The mailbox shows every reset code to anyone: never on by default in production.
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'production', DEV_MAILBOX: 'true' }, true],
    [{ NODE_ENV: 'development', DEV_MAILBOX: 'false' }, false],
  ])('serves the development mailbox with %j: %s', (env, expected) => {
    expect(loadConfig({ ...base, ...env }).devMailbox).toBe(expected);
  });

  it('admits the Vite development server only in development', () => {
    expect(loadConfig(base).corsOrigins).toEqual([]);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).corsOrigins).toEqual(['http://localhost:5173']);
  });

  it('exposes no metrics unless a port or a token is given', () => {
    expect(loadConfig(base).metrics).toEqual({ port: undefined, token: undefined });
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics.port).toBe(9464);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('keeps visits 400 days and records them unless switched off', () => {
    expect(loadConfig(base).visits).toEqual({ retentionDays: 400, flushMs: 1000, recording: true });
    const tuned = loadConfig({ ...base, VISIT_RETENTION_DAYS: '90', VISITS_RECORDING: 'off' });
    expect(tuned.visits).toMatchObject({ retentionDays: 90, recording: false });
    expect(() => loadConfig({ ...base, VISIT_RETENTION_DAYS: '7' })).toThrow(/VISIT_RETENTION_DAYS/);
    expect(() => loadConfig({ ...base, VISITS_RECORDING: 'maybe' })).toThrow(/VISITS_RECORDING/);
  });
});

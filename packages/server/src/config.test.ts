import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicUrlWarning } from './config.js';

/** The message of the ConfigError that loading these settings throws. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      SEED: 'demo',
      SESSION_TTL_HOURS: 12,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: 10,
      LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: 10,
      LOGIN_MAX_FAILURES_PER_IP: 50,
      LOGIN_LOCK_MINUTES: 15,
      LOGIN_BACKOFF_AFTER_FAILURES: 5,
      LOGIN_BACKOFF_BASE_SECONDS: 30,
      LOGIN_BACKOFF_MAX_MINUTES: 15,
      ADMIN_RESET: false,
      ORG_TIMEZONE: 'Asia/Almaty',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_IIN).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/[/\\]data$/);
    expect(config.WEB_DIST).toMatch(/packages[/\\]web[/\\]dist$/);
  });

  it('reads only the environment it is given, not process.env', () => {
    const saved = process.env.PORT;
    process.env.PORT = 'not a port';
    try {
      expect(loadConfig({}).PORT).toBe(3000);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });

  it('turns settings into their types', () => {
    const config = loadConfig({
      PORT: '8080',
      SESSION_TTL_HOURS: '1.5',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'silent',
      ORG_TIMEZONE: 'Asia/Aqtobe',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      SESSION_TTL_HOURS: 1.5,
      TRUST_PROXY: true,
      LOG_LEVEL: 'silent',
      ORG_TIMEZONE: 'Asia/Aqtobe',
    });
  });

  it('lets overrides win over the environment', () => {
    expect(loadConfig({ PORT: '8080' }, { PORT: '9090' }).PORT).toBe(9090);
  });

  it('seeds demo data on the embedded database and nothing on PostgreSQL, unless told', () => {
    expect(loadConfig({}).SEED).toBe('demo');
    expect(loadConfig({ DATABASE_URL: '' }).SEED).toBe('demo');
    expect(loadConfig({ DATABASE_URL: '   ' }).DATABASE_URL).toBeUndefined();
    const postgres = loadConfig({ DATABASE_URL: 'postgres://oqu@db:5432/oqu' });
    expect(postgres).toMatchObject({ DATABASE_URL: 'postgres://oqu@db:5432/oqu', SEED: 'none' });
    expect(loadConfig({ DATABASE_URL: 'postgresql://oqu@db/oqu', SEED: 'demo' }).SEED).toBe('demo');
    expect(loadConfig({ SEED: 'none' }).SEED).toBe('none');
  });

  it('refuses a bad PORT, naming it', () => {
    for (const port of ['abc', '70000', '-1', '80.5']) {
      const message = refusal({ PORT: port });
      expect(message).toMatch(/^Invalid configuration:/);
      expect(message).toMatch(/^ {2}PORT: /m);
    }
  });

  it('refuses an ADMIN_IIN that is not a valid IIN, naming it', () => {
    for (const iin of ['123', '850101300006', 'admin']) {
      const message = refusal({ ADMIN_IIN: iin, ADMIN_PASSWORD: 'Secret2026' });
      expect(message).toMatch(/^ {2}ADMIN_IIN: must be a valid 12-digit IIN$/m);
    }
  });

  it('refuses ADMIN_IIN without ADMIN_PASSWORD, and the other way round', () => {
    expect(refusal({ ADMIN_IIN: '850101300005' })).toMatch(/ADMIN_PASSWORD: ADMIN_IIN and ADMIN_PASSWORD go together/);
    expect(refusal({ ADMIN_PASSWORD: 'Secret2026' })).toMatch(/ADMIN_PASSWORD: ADMIN_IIN and ADMIN_PASSWORD go together/);
    expect(refusal({ ADMIN_IIN: '850101300005', ADMIN_PASSWORD: '123' })).toMatch(/^ {2}ADMIN_PASSWORD: /m);
    expect(loadConfig({ ADMIN_IIN: ' 850101300005 ', ADMIN_PASSWORD: 'Secret2026' })).toMatchObject({
      ADMIN_IIN: '850101300005',
      ADMIN_PASSWORD: 'Secret2026',
    });
  });

  it('resets the administrator only when told, and only with ADMIN_IIN and ADMIN_PASSWORD', () => {
    expect(loadConfig({ ADMIN_IIN: '850101300005', ADMIN_PASSWORD: 'Secret2026', ADMIN_RESET: 'true' }).ADMIN_RESET).toBe(true);
    expect(refusal({ ADMIN_RESET: 'true' })).toMatch(/^ {2}ADMIN_RESET: needs ADMIN_IIN and ADMIN_PASSWORD$/m);
    expect(refusal({ ADMIN_IIN: '850101300005', ADMIN_PASSWORD: 'Secret2026', ADMIN_RESET: 'yes' })).toMatch(/^ {2}ADMIN_RESET: /m);
  });

  it('refuses other bad settings, naming each one', () => {
    expect(refusal({ DATABASE_URL: 'mysql://db/oqu' })).toMatch(/^ {2}DATABASE_URL: /m);
    expect(refusal({ SEED: 'all' })).toMatch(/^ {2}SEED: /m);
    expect(refusal({ ORG_TIMEZONE: 'Mars/Olympus' })).toMatch(/^ {2}ORG_TIMEZONE: unknown time zone$/m);
    expect(refusal({ LOG_LEVEL: 'loud' })).toMatch(/^ {2}LOG_LEVEL: /m);
    expect(refusal({ TRUST_PROXY: 'yes' })).toMatch(/^ {2}TRUST_PROXY: /m);
    expect(refusal({ SESSION_TTL_HOURS: '0' })).toMatch(/^ {2}SESSION_TTL_HOURS: /m);
    expect(refusal({ LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '0' })).toMatch(/^ {2}LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: /m);
    expect(refusal({ LOGIN_BACKOFF_BASE_SECONDS: 'soon' })).toMatch(/^ {2}LOGIN_BACKOFF_BASE_SECONDS: /m);
    const several = refusal({ PORT: 'x', LOGIN_LOCK_MINUTES: '0' });
    expect(several).toMatch(/^ {2}PORT: /m);
    expect(several).toMatch(/^ {2}LOGIN_LOCK_MINUTES: /m);
  });

  it('keeps files on disk by default, in an S3 bucket with STORAGE=s3', () => {
    expect(loadConfig({})).toMatchObject({ STORAGE: 'disk', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false, S3_PREFIX: '' });
    const s3 = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'oqu',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'oqu/',
    });
    expect(s3).toMatchObject({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'oqu',
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'oqu/',
    });
  });

  it('refuses STORAGE=s3 without the bucket and its credentials, naming each', () => {
    const message = refusal({ STORAGE: 's3' });
    expect(message).toMatch(/^ {2}S3_BUCKET: must be set when STORAGE=s3$/m);
    expect(message).toMatch(/^ {2}S3_ACCESS_KEY_ID: must be set when STORAGE=s3$/m);
    expect(message).toMatch(/^ {2}S3_SECRET_ACCESS_KEY: must be set when STORAGE=s3$/m);
    expect(refusal({ STORAGE: 'cloud' })).toMatch(/^ {2}STORAGE: /m);
    expect(refusal({ S3_ENDPOINT: 'minio:9000' })).toMatch(/^ {2}S3_ENDPOINT: /m);
    expect(refusal({ S3_PREFIX: 'oqu' })).toMatch(/^ {2}S3_PREFIX: folder names ending with a slash, like oqu\/$/m);
    expect(refusal({ S3_FORCE_PATH_STYLE: 'yes' })).toMatch(/^ {2}S3_FORCE_PATH_STYLE: /m);
  });

  it('takes the event streams one session may hold as a whole number from 1 to 100, 5 by default', () => {
    expect(loadConfig({}).EVENT_STREAMS_PER_SESSION).toBe(5);
    expect(loadConfig({ EVENT_STREAMS_PER_SESSION: '2' }).EVENT_STREAMS_PER_SESSION).toBe(2);
    for (const bad of ['0', '2.5', 'many', '101']) {
      expect(refusal({ EVENT_STREAMS_PER_SESSION: bad })).toMatch(/^ {2}EVENT_STREAMS_PER_SESSION: /m);
    }
  });

  it('takes a certificate validity in whole months, none by default', () => {
    expect(loadConfig({}).CERTIFICATE_VALIDITY_MONTHS).toBeUndefined();
    expect(loadConfig({ CERTIFICATE_VALIDITY_MONTHS: ' ' }).CERTIFICATE_VALIDITY_MONTHS).toBeUndefined();
    expect(loadConfig({ CERTIFICATE_VALIDITY_MONTHS: '36' }).CERTIFICATE_VALIDITY_MONTHS).toBe(36);
    for (const bad of ['0', '1.5', 'year', '601']) {
      expect(refusal({ CERTIFICATE_VALIDITY_MONTHS: bad })).toMatch(/^ {2}CERTIFICATE_VALIDITY_MONTHS: /m);
    }
  });

  it('takes the organisation’s details trimmed, empty by default, at most 500 characters', () => {
    expect(loadConfig({}).ORG_DETAILS).toBe('');
    expect(loadConfig({ ORG_DETAILS: ' г. Алматы, БИН 123456789012 ' }).ORG_DETAILS).toBe('г. Алматы, БИН 123456789012');
    expect(refusal({ ORG_DETAILS: 'x'.repeat(501) })).toMatch(/^ {2}ORG_DETAILS: /m);
  });
});

describe('publicUrlWarning', () => {
  it('warns that QR codes will point at localhost when PUBLIC_URL is unset outside the demo', () => {
    const warning = publicUrlWarning(loadConfig({ DATABASE_URL: 'postgres://oqu@db/oqu', PORT: '8080' }));
    expect(warning).toMatch(/^PUBLIC_URL is not set: .*http:\/\/localhost:8080/);
    expect(publicUrlWarning(loadConfig({ SEED: 'none' }))).toMatch(/^PUBLIC_URL is not set/);
  });

  it('says nothing when PUBLIC_URL is set, or on a demo start', () => {
    expect(publicUrlWarning(loadConfig({ SEED: 'none', PUBLIC_URL: 'https://oqu.example.kz' }))).toBeNull();
    expect(publicUrlWarning(loadConfig({}))).toBeNull();
    expect(publicUrlWarning(loadConfig({ DATABASE_URL: 'postgres://oqu@db/oqu', SEED: 'demo' }))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { isLoopbackHost, loadEnv, resolveDemoMode } from './env';

const PG = 'postgres://localhost/yaadcare';

describe('demo mode and the listening address', () => {
  it('npm start out of the box: demo mode on the embedded database, listening on loopback only', () => {
    const env = loadEnv({});
    expect(env.demoMode).toBe(true);
    expect(env.host).toBe('127.0.0.1');
    expect(env.startupWarnings).toEqual([]);
  });

  it('production never infers demo mode from a missing DATABASE_URL, and listens on every interface', () => {
    const env = loadEnv({ NODE_ENV: 'production' });
    expect(env.demoMode).toBe(false);
    expect(env.host).toBe('0.0.0.0');
  });

  it('PostgreSQL without DEMO_MODE: no demo mode, every interface', () => {
    const env = loadEnv({ DATABASE_URL: PG });
    expect(env.demoMode).toBe(false);
    expect(env.host).toBe('0.0.0.0');
  });

  it('refuses to infer demo mode on a non-loopback HOST and says how to force it', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'yaadcare.jm']) {
      const env = loadEnv({ HOST: host });
      expect(env.demoMode, host).toBe(false);
      expect(env.host).toBe(host);
      expect(env.startupWarnings).toEqual([
        `Demo mode is off: HOST=${host} is not a loopback address, and demo data with published passwords must not be reachable from other machines. Set DEMO_MODE=1 to force it.`,
      ]);
    }
  });

  it('keeps demo mode on an explicit loopback HOST', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) {
      const env = loadEnv({ HOST: host });
      expect(env.demoMode, host).toBe(true);
      expect(env.startupWarnings).toEqual([]);
    }
  });

  it('DEMO_MODE=1 on a public address is allowed, with a warning printed at start', () => {
    const env = loadEnv({ HOST: '0.0.0.0', DEMO_MODE: '1', NODE_ENV: 'production' });
    expect(env.demoMode).toBe(true);
    expect(env.host).toBe('0.0.0.0');
    expect(env.startupWarnings).toHaveLength(1);
    expect(env.startupWarnings[0]).toMatch(
      /^WARNING: DEMO_MODE=1 on 0\.0\.0\.0, an address other machines can reach: the demo accounts' published passwords work/,
    );
  });

  it('DEMO_MODE=1 without HOST listens on loopback, with no warning', () => {
    const env = loadEnv({ DATABASE_URL: PG, DEMO_MODE: '1' });
    expect(env.demoMode).toBe(true);
    expect(env.host).toBe('127.0.0.1');
    expect(env.startupWarnings).toEqual([]);
  });

  it('DEMO_MODE=0 turns it off everywhere', () => {
    expect(loadEnv({ DEMO_MODE: '0' })).toMatchObject({ demoMode: false, host: '0.0.0.0' });
    expect(loadEnv({ DEMO_MODE: '0', HOST: '127.0.0.1' })).toMatchObject({
      demoMode: false,
      host: '127.0.0.1',
    });
  });

  it('resolveDemoMode is a pure decision over the four inputs', () => {
    expect(
      resolveDemoMode({
        nodeEnv: 'development',
        demoFlag: undefined,
        databaseUrl: undefined,
        host: undefined,
      }),
    ).toEqual({ demoMode: true, host: '127.0.0.1', warnings: [] });
    expect(
      resolveDemoMode({ nodeEnv: 'test', demoFlag: undefined, databaseUrl: PG, host: '127.0.0.1' }),
    ).toEqual({ demoMode: false, host: '127.0.0.1', warnings: [] });
  });

  it('knows loopback addresses', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.example.com')).toBe(false);
  });
});

describe('S3 storage settings', () => {
  const full = {
    S3_BUCKET: 'yaadcare-files',
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: 'https://minio.internal:9000/',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-secret',
    S3_FORCE_PATH_STYLE: '1',
  };
  const failure = (source: Record<string, string>) => {
    try {
      loadEnv(source);
    } catch (err) {
      return (err as Error).message;
    }
    throw new Error('loadEnv accepted it');
  };

  it('none set: files stay in the database', () => {
    expect(loadEnv({}).s3).toBeUndefined();
    expect(loadEnv({ S3_BUCKET: '' }).s3).toBeUndefined();
  });

  it('a full set turns S3 on; without keys the SDK’s own credential chain is used', () => {
    expect(loadEnv(full).s3).toEqual({
      bucket: 'yaadcare-files',
      region: 'us-east-1',
      endpoint: 'https://minio.internal:9000',
      forcePathStyle: true,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI-secret',
    });
    expect(loadEnv({ S3_BUCKET: 'files', S3_REGION: 'eu-west-1' }).s3).toEqual({
      bucket: 'files',
      region: 'eu-west-1',
      endpoint: undefined,
      forcePathStyle: false,
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });

  it('a half-configured S3 stops the server with one line naming the variable, never a secret', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ S3_BUCKET: 'files' }, /^Invalid environment — S3_REGION: required when S3_BUCKET is set/],
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET: required when S3_ENDPOINT is set/],
      [
        { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-secret' },
        /S3_BUCKET: required when S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set/,
      ],
      [{ ...full, S3_ACCESS_KEY_ID: '' }, /^Invalid environment — S3_ACCESS_KEY_ID: required when S3_SECRET/],
      [{ ...full, S3_SECRET_ACCESS_KEY: '' }, /S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set/],
      [{ ...full, S3_ENDPOINT: 'ftp://files.example' }, /S3_ENDPOINT/],
      [{ ...full, S3_BUCKET: 'Bad Bucket' }, /S3_BUCKET: must be a bucket name/],
      [{ ...full, S3_REGION: 'US East' }, /S3_REGION: must be a region name/],
      [{ ...full, S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE/],
    ];
    for (const [source, expected] of cases) {
      const message = failure(source);
      expect(message, JSON.stringify(source)).toMatch(expected);
      expect(message).not.toContain('\n');
      expect(message).not.toContain('wJalrXUtnFEMI-secret');
    }
  });
});

describe('SMS and WhatsApp provider settings (ADR 0033)', () => {
  const full = {
    SMS_PROVIDER_URL: 'https://api.twilio.com/',
    SMS_ACCOUNT_SID: 'AC0123456789abcdef',
    SMS_AUTH_TOKEN: 'super-secret-auth-token',
    SMS_FROM: '+18765550100',
  };
  const failure = (source: Record<string, string>) => {
    try {
      loadEnv(source);
    } catch (err) {
      return (err as Error).message;
    }
    return 'no error';
  };

  it('none set: the sandbox keeps texts; a full set turns the provider on', () => {
    expect(loadEnv({}).smsProvider).toBeUndefined();
    expect(loadEnv({ ...full, WHATSAPP_FROM: '+18765550199' }).smsProvider).toEqual({
      url: 'https://api.twilio.com',
      accountSid: 'AC0123456789abcdef',
      authToken: 'super-secret-auth-token',
      from: '+18765550100',
      whatsappFrom: '+18765550199',
    });
  });

  it('a half-configured provider or a bad number stops the server naming the variable, never the token', () => {
    const { SMS_FROM: _from, ...noFrom } = full;
    expect(failure(noFrom)).toMatch(/^Invalid environment — SMS_FROM: required when SMS_PROVIDER_URL/);
    expect(failure({ WHATSAPP_FROM: '+18765550199' })).toMatch(
      /SMS_PROVIDER_URL: required when WHATSAPP_FROM/,
    );
    expect(failure({ ...full, SMS_FROM: '876-555-0100' })).toMatch(/SMS_FROM: must be an E\.164 number/);
    expect(failure({ SMS_AUTH_TOKEN: 'super-secret-auth-token' })).not.toContain('super-secret-auth-token');
    expect(failure({ SANDBOX_WEBHOOK_SECRET: 'short' })).toMatch(
      /SANDBOX_WEBHOOK_SECRET: must be at least 16/,
    );
  });
});

describe('the meeting video server (ADR 0047)', () => {
  it('defaults to meet.jit.si, drops a trailing slash, and refuses anything but https', () => {
    expect(loadEnv({}).meetingVideoUrl).toBe('https://meet.jit.si');
    expect(loadEnv({ MEETING_VIDEO_URL: 'https://video.example.jm/' }).meetingVideoUrl).toBe(
      'https://video.example.jm',
    );
    expect(() => loadEnv({ MEETING_VIDEO_URL: 'http://meet.jit.si' })).toThrow(/MEETING_VIDEO_URL/);
    expect(() => loadEnv({ MEETING_VIDEO_URL: 'not a url' })).toThrow(/MEETING_VIDEO_URL/);
  });
});

describe('a read replica', () => {
  it('is off by default and on with DATABASE_REPLICA_URL, with the lag and read-your-writes rules', () => {
    expect(loadEnv({ DATABASE_URL: PG }).replica).toBeUndefined();
    expect(
      loadEnv({ DATABASE_URL: PG, DATABASE_REPLICA_URL: 'postgres://replica/yaadcare' }).replica,
    ).toEqual({
      url: 'postgres://replica/yaadcare',
      maxLagMs: 1000,
      readYourWritesMs: 10_000,
    });
    expect(
      loadEnv({
        DATABASE_URL: PG,
        DATABASE_REPLICA_URL: 'postgres://replica/yaadcare',
        REPLICA_MAX_LAG_MS: '250',
        READ_YOUR_WRITES_MS: '30000',
      }).replica,
    ).toMatchObject({ maxLagMs: 250, readYourWritesMs: 30_000 });
  });

  it('stops the start on a replica without a primary, or one that is not PostgreSQL', () => {
    expect(() => loadEnv({ DATABASE_REPLICA_URL: 'postgres://replica/yaadcare' })).toThrow(
      /DATABASE_REPLICA_URL: needs DATABASE_URL/,
    );
    expect(() => loadEnv({ DATABASE_URL: PG, DATABASE_REPLICA_URL: 'mysql://replica/x' })).toThrow(
      /DATABASE_REPLICA_URL/,
    );
  });
});

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

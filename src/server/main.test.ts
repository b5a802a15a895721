import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, ROOT } from './test/process';

/** Runs `src/server/main.ts` on HOST=0.0.0.0 until healthy; returns its output and /api/config's demoMode. */
async function startOnEveryInterface(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'yc-main-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '0.0.0.0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise((res) => child.once('exit', res));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
      // The banner, and the warnings after it, are printed once it listens.
      if (out.includes('YaadCare is running')) break;
      await new Promise((r) => setTimeout(r, 150));
    }
    const config = await (await fetch(`http://127.0.0.1:${port}/api/config`)).json();
    return { out, demoMode: config.demoMode as boolean };
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('main on a non-loopback address', () => {
  it('refuses inferred demo mode and says why', { timeout: 180_000 }, async () => {
    const { out, demoMode } = await startOnEveryInterface({ DEMO_MODE: '' });
    expect(demoMode).toBe(false);
    expect(out).toContain(
      'Demo mode is off: HOST=0.0.0.0 is not a loopback address, and demo data with published passwords must not be reachable from other machines. Set DEMO_MODE=1 to force it.',
    );
    expect(out).not.toContain('Demo data loaded');
  });

  it('with DEMO_MODE=1 runs the demo, and warns at start', { timeout: 180_000 }, async () => {
    const { out, demoMode } = await startOnEveryInterface({ DEMO_MODE: '1' });
    expect(demoMode).toBe(true);
    expect(out).toContain('WARNING: DEMO_MODE=1 on 0.0.0.0, an address other machines can reach');
  });
});

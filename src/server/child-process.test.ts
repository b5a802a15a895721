import { describe, expect, it } from 'vitest';
import { runProcess, startProcess } from './child-process';

const node = (code: string) => ['-e', code];

describe('runProcess', () => {
  it('collects stdout and stderr apart, and the exit code', async () => {
    const r = await runProcess(
      process.execPath,
      node('process.stdout.write("out"); process.stderr.write("err"); process.exitCode = 3'),
    );
    expect(r).toEqual({ code: 3, signal: null, stdout: 'out', stderr: 'err' });
  });

  it('keeps everything a program writes, however much', async () => {
    const r = await runProcess(process.execPath, node('process.stdout.write("x".repeat(1 << 22))'));
    expect(r.stdout.length).toBe(1 << 22);
  });

  it('adds the given variables to the environment, keeping the rest', async () => {
    const r = await runProcess(
      process.execPath,
      node('process.stdout.write(process.env.YC_A + "|" + (process.env.PATH ? "path" : ""))'),
      { env: { YC_A: 'a b' } },
    );
    expect(r.stdout).toBe('a b|path');
  });

  it('reports the signal that ended a program', async () => {
    const started = startProcess(process.execPath, node('setInterval(() => {}, 1000)'));
    started.child.kill('SIGKILL');
    expect(await started.finished).toMatchObject({ code: null, signal: 'SIGKILL' });
  });

  it('rejects with ENOENT when the program does not exist, and rejects when arguments are too long', async () => {
    await expect(runProcess('/nonexistent/yc-no-such-tool', [])).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(runProcess(process.execPath, ['x'.repeat(1 << 22)])).rejects.toThrow();
  });
});

it('startProcess: output() has both streams in arrival order', async () => {
  const started = startProcess(
    process.execPath,
    node('process.stdout.write("1"); setTimeout(() => process.stderr.write("2"), 50)'),
  );
  await started.finished;
  expect(started.output()).toBe('12');
});

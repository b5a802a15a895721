import { describe, expect, it } from 'vitest';
import { runCli } from '../test/process';
import { loadPdfKit } from './lazy-modules';

describe('heavy packages at start-up (issue 35)', () => {
  it('a started server has not loaded pdfkit, sharp nor the S3 SDK; the first use loads pdfkit', async () => {
    // In a process of its own: this test's worker may have loaded any of them for another file.
    const run = await runCli('src/server/test/heavy-modules-probe.ts', [], {});
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
    expect(report).toEqual({ atStart: [], afterPdf: ['pdfkit'] });
  }, 60_000);

  it('loads a package once, however many callers ask at the same time', async () => {
    const [a, b] = await Promise.all([loadPdfKit(), loadPdfKit()]);
    expect(a).toBe(b);
  });
});

import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { loadPdfKit, loadSharp } from './lazy-modules';

const HEAVY = /node_modules[\\/](pdfkit|sharp|@aws-sdk[\\/]client-s3)[\\/]/;
const heavyLoaded = () =>
  [
    ...new Set(
      Object.keys(createRequire(import.meta.url).cache)
        .map((f) => HEAVY.exec(f)?.[1])
        .filter(Boolean),
    ),
  ].sort();

describe('heavy packages at start-up (issue 35)', () => {
  const t = useTestApp('pglite');

  it('a started server has not loaded pdfkit, sharp nor the S3 SDK; the first use loads each once', async () => {
    expect(t.app.server).toBeDefined();
    expect(heavyLoaded()).toEqual([]);
    const [a, b] = await Promise.all([loadPdfKit(), loadPdfKit()]);
    expect(a).toBe(b);
    await loadSharp();
    expect(heavyLoaded()).toEqual(['pdfkit', 'sharp']);
  });
});

import { describe, expect, it } from 'vitest';
import { BackupError } from '../db/backup/common';
import { DataDirLockedError } from '../db/lock';
import { EnvError, loadEnv } from '../env';
import { conflict } from '../errors';
import { type CliIo, isExpectedFailure, parseCliArgs, reportFailure } from './main-module';

function io(): CliIo & { lines: string[] } {
  const lines: string[] = [];
  return { lines, out: (l) => lines.push(`out ${l}`), err: (l) => lines.push(`err ${l}`) };
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const locked = () =>
  new DataDirLockedError('/srv/data', { pid: 42, purpose: 'the YaadCare server', host: 'h', startedAt: '' });

describe('reportFailure', () => {
  it('says an expected failure in one line, without a stack, and exits 1', () => {
    for (const err of [
      new BackupError('backups/x.dump already exists; choose another --out.'),
      conflict('Another payout run is in progress'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('password authentication failed for user "x"', '28P01'),
      withCode('database "nope" does not exist', '3D000'),
    ]) {
      const o = io();
      expect(reportFailure(err, o, 'Backup failed')).toBe(1);
      expect(o.lines).toEqual([`err Backup failed: ${err.message}`]);
    }
  });

  it('adds the command’s hint when another process holds the database, and only then', () => {
    const o = io();
    expect(reportFailure(locked(), o, 'Restore failed', { lockedHint: 'Stop the server first.' })).toBe(1);
    expect(o.lines).toEqual([`err Restore failed: ${locked().message} Stop the server first.`]);
    const other = io();
    reportFailure(new BackupError('no pglite/ folder'), other, 'Restore failed', { lockedHint: 'Stop it.' });
    expect(other.lines).toEqual(['err Restore failed: no pglite/ folder']);
  });

  it('exits 2 on a bad environment, naming the variable', () => {
    let err: unknown;
    try {
      loadEnv({ S3_BUCKET: 'files' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EnvError);
    const o = io();
    expect(reportFailure(err, o, 'Backup failed')).toBe(2);
    expect(o.lines).toHaveLength(1);
    expect(o.lines[0]).toMatch(/^err Backup failed: Invalid environment — S3_REGION/);
  });

  it('shows the stack of a bug, which is anything else', () => {
    for (const err of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      withCode('The "path" argument must be of type string', 'ERR_INVALID_ARG_TYPE'),
      withCode('column "nope" does not exist', '42703'),
    ]) {
      expect(isExpectedFailure(err)).toBe(false);
      const o = io();
      expect(reportFailure(err, o, 'Seeding failed')).toBe(1);
      expect(o.lines).toHaveLength(1);
      expect(o.lines[0]).toContain('err Seeding failed (a bug: please report it with what follows):\n');
      expect(o.lines[0]).toContain(err.message);
      expect(o.lines[0]).toMatch(/\n\s+at .*main-module\.test\.ts/);
    }
    const o = io();
    expect(reportFailure('a thrown string', o, 'Seeding failed')).toBe(1);
    expect(o.lines[0]).toContain('a thrown string');
  });
});

describe('parseCliArgs', () => {
  const options = { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;
  const oneFile = ({ positionals }: { positionals: string[] }) => {
    if (positionals.length !== 1) throw new Error('Give exactly one file.');
  };

  it('gives the arguments when they are good', () => {
    const o = io();
    const parsed = parseCliArgs(
      { args: ['--out', 'x.dump', 'a'], options, allowPositionals: true },
      'USAGE',
      o,
      oneFile,
    );
    expect(parsed).toMatchObject({ values: { out: 'x.dump' }, positionals: ['a'] });
    expect(o.lines).toEqual([]);
  });

  it('ends with the usage: exit 2 on an unknown argument or one the check refuses, 0 for --help', () => {
    const bogus = io();
    expect(parseCliArgs({ args: ['--bogus'], options }, 'USAGE', bogus)).toBe(2);
    expect(bogus.lines).toEqual([expect.stringMatching(/^err .*--bogus[\s\S]*\n\nUSAGE$/)]);
    const refused = io();
    expect(parseCliArgs({ args: [], options, allowPositionals: true }, 'USAGE', refused, oneFile)).toBe(2);
    expect(refused.lines).toEqual(['err Give exactly one file.\n\nUSAGE']);
    const help = io();
    // --help wins over a check that would refuse.
    expect(parseCliArgs({ args: ['-h'], options, allowPositionals: true }, 'USAGE', help, oneFile)).toBe(0);
    expect(help.lines).toEqual(['out USAGE']);
  });
});

import { describe, expect, it } from 'vitest';
import { checkDumpVersions, checkRestoreVersions, parseVersion, splitPassword } from './postgres';

const v = (text: string) => parseVersion(text)!;

describe('pg_dump and pg_restore against the server: versions', () => {
  it('reads the versions the tools and servers print', () => {
    expect(parseVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toEqual({
      major: 15,
      text: '15.20',
    });
    expect(parseVersion('16beta1')).toEqual({ major: 16, text: '16beta1' });
    expect(parseVersion('9.6.24')).toEqual({ major: 9.6, text: '9.6.24' });
    expect(parseVersion('no digits')).toBeUndefined();
  });

  it('refuses a pg_dump older than the server and says what to install', () => {
    const r = checkDumpVersions(v('15.20'), v('16.4'));
    expect(r.ok).toBe(false);
    expect(r.message).toContain('apt-get install postgresql-client-16');
    expect(r.message).toContain('/usr/lib/postgresql/16/bin');
  });

  it('accepts a newer pg_dump and says the restore then needs a pg_restore as new', () => {
    const r = checkDumpVersions(v('17.2'), v('15.20'));
    expect(r).toEqual({ ok: true, message: expect.stringContaining('needs pg_restore 17 or newer') });
    expect(checkDumpVersions(v('15.1'), v('15.20')).message).toBe('pg_dump 15.1, server PostgreSQL 15.20.');
  });

  it('refuses a pg_restore older than the pg_dump that made the archive; warns about an older target', () => {
    expect(checkRestoreVersions(v('15.2'), v('15.2'), v('16.1'), v('15.2')).ok).toBe(false);
    const older = checkRestoreVersions(v('16.1'), v('15.2'), v('16.1'), v('16.1'));
    expect(older.ok).toBe(true);
    expect(older.messages.join(' ')).toContain('older than the one backed up');
    const upgrade = checkRestoreVersions(v('17.0'), v('17.0'), v('15.2'), v('15.2'));
    expect(upgrade.messages.join(' ')).toContain('a major upgrade');
  });
});

describe('the database password', () => {
  it('is taken out of the URL the tools see (ps shows command lines)', () => {
    expect(splitPassword('postgres://app:p%40ss%20w@db.example:5432/yc?sslmode=require')).toEqual({
      url: 'postgres://app@db.example:5432/yc?sslmode=require',
      password: 'p@ss w',
    });
    expect(splitPassword('postgres://app@db/yc?password=s3cret&sslmode=require')).toEqual({
      url: 'postgres://app@db/yc?sslmode=require',
      password: 's3cret',
    });
    expect(splitPassword('postgres://app@db/yc')).toEqual({ url: 'postgres://app@db/yc' });
  });
});

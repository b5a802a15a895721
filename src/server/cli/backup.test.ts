import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { create as createTar } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerRepo } from '../core/ledger/repo';
import { tableRowCounts } from '../db/backup/common';
import { MANIFEST, readManifest } from '../db/backup/embedded';
import { type Database, openDatabase } from '../db/client';
import { rows } from '../db/raw-rows';
import { seedDemoData } from '../demo-data';
import { collectingIo } from '../test/cli-io';
import { openTestDatabase } from '../test/harness';
import { runBackup } from './backup';
import { runRestore } from './restore';

const NOW = new Date('2026-11-20T15:00:00Z');
const root = mkdtempSync(join(tmpdir(), 'yc-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const io = collectingIo;

/**
 * Everything a restore must bring back: each table's row count and a digest of its rows, every
 * sequence's position (new rows must not collide), and the ledger: its balance per account, that every
 * posting balances, and each caregiver's earnings.
 */
async function fingerprint(database: Database) {
  const q = <R>(text: string) => rows<R>(database.db, sql.raw(text));
  const counts = await tableRowCounts(q);
  const digests: Record<string, string> = {};
  for (const name of Object.keys(counts)) {
    const ident = name
      .split('.')
      .map((p) => `"${p}"`)
      .join('.');
    const [row] = await q<{ md5: string }>(
      `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${ident} t`,
    );
    digests[name] = row?.md5 ?? '';
  }
  const sequences = await q(
    `select schemaname || '.' || sequencename as name, last_value::text from pg_sequences order by 1`,
  );
  const ledger = await ledgerRepo.totals(database.db);
  const unbalanced = await ledgerRepo.unbalancedTxns(database.db);
  const caregivers = await q<{ id: number }>(
    'select distinct caregiver_id as id from ledger_entries where caregiver_id is not null order by 1',
  );
  const earnings = await Promise.all(
    caregivers.map((c) => ledgerRepo.caregiverEarnings(database.db, c.id, NOW)),
  );
  return { counts, digests, sequences, ledger, unbalanced, earnings };
}

/** Demo data has bookings in every state, payments, payouts and their ledger postings. */
function expectMoneyMoved(f: Awaited<ReturnType<typeof fingerprint>>) {
  expect(f.counts['public.bookings']).toBeGreaterThan(50);
  expect(f.counts['public.payments']).toBeGreaterThan(10);
  expect(f.counts['public.ledger_entries']).toBeGreaterThan(50);
  expect(f.ledger.all).toBe(0);
  expect(f.unbalanced).toEqual([]);
  expect(f.earnings.some((e) => e.total > 0)).toBe(true);
}

describe('backup and restore of the embedded database (DATA_DIR)', { timeout: 120_000 }, () => {
  const source = join(root, 'data');
  const archive = join(root, 'backups', 'embedded.tar.gz');
  const target = join(root, 'restored');
  let before: Awaited<ReturnType<typeof fingerprint>>;

  it('restores into a fresh DATA_DIR with every row, the ledger balances and the files', async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: source, purpose: 'test' });
    await seedDemoData(db.db, { passwordHash: 'not-a-real-hash', now: NOW });
    before = await fingerprint(db);
    await db.close();
    expectMoneyMoved(before);
    mkdirSync(join(source, 'files', 'avatars'), { recursive: true });
    writeFileSync(join(source, 'files', 'avatars', '7.webp'), 'photo bytes');
    writeFileSync(join(source, 'payout-encryption.key'), 'ab'.repeat(32), { mode: 0o600 });

    const b = io();
    expect(await runBackup(['--out', archive], { DATA_DIR: source }, b, NOW), b.errors()).toBe(0);
    expect(b.text()).toContain('Backup written');
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const r = io();
    expect(await runRestore([archive], { DATA_DIR: target }, r, NOW), r.errors()).toBe(0);
    expect(r.text()).toContain('row counts match the backup');
    expect(readFileSync(join(target, 'files', 'avatars', '7.webp'), 'utf8')).toBe('photo bytes');
    expect(readFileSync(join(target, 'payout-encryption.key'), 'utf8')).toBe('ab'.repeat(32));
    expect(existsSync(join(target, 'yaadcare.lock'))).toBe(false);

    const restored = await openDatabase({ kind: 'pglite', dataDir: target, purpose: 'test' });
    const after = await fingerprint(restored);
    await restored.close();
    expect(after).toEqual(before);
  });

  it('refuses a non-empty DATA_DIR; --force moves what it held aside first', async () => {
    const refused = io();
    expect(await runRestore([archive], { DATA_DIR: target }, refused, NOW)).toBe(1);
    expect(refused.errors()).toContain('is not empty');
    expect(refused.errors()).toContain('--force');

    const forced = io();
    expect(await runRestore([archive, '--force'], { DATA_DIR: target }, forced, NOW), forced.errors()).toBe(
      0,
    );
    const aside = `${target}.replaced-20261120T150000Z`;
    expect(readdirSync(aside).sort()).toEqual(['files', 'payout-encryption.key', 'pglite']);
    expect(readdirSync(target).sort()).toEqual(['files', 'payout-encryption.key', 'pglite']);
  });

  it('puts DATA_DIR back as it was when a forced restore fails its check', async () => {
    // A backup whose manifest promises a row the database does not hold.
    const manifest = await readManifest(archive);
    manifest.tables['public.users'] = (manifest.tables['public.users'] ?? 0) + 1;
    const staging = join(root, 'tampered');
    mkdirSync(staging);
    writeFileSync(join(staging, MANIFEST), JSON.stringify(manifest));
    cpSync(join(source, 'pglite'), join(staging, 'pglite'), { recursive: true });
    const tampered = join(root, 'tampered.tar.gz');
    await createTar({ file: tampered, gzip: true, cwd: staging }, [MANIFEST, 'pglite']);

    const keyBefore = readFileSync(join(target, 'payout-encryption.key'), 'utf8');
    const r = io();
    expect(await runRestore([tampered, '--force'], { DATA_DIR: target }, r, NOW)).toBe(1);
    expect(r.errors()).toContain('public.users');
    expect(readdirSync(target).sort()).toEqual(['files', 'payout-encryption.key', 'pglite']);
    expect(readFileSync(join(target, 'payout-encryption.key'), 'utf8')).toBe(keyBefore);
    expect(readdirSync(root).filter((n) => n.startsWith('restored.replaced-'))).toHaveLength(1);
  });

  it('refuses while the server holds DATA_DIR, and never writes over a backup', async () => {
    // The lock of a live process on this machine: the test runner's parent stands in for the server.
    const lock = join(source, 'yaadcare.lock');
    writeFileSync(
      lock,
      JSON.stringify({
        pid: process.ppid,
        purpose: 'the YaadCare server',
        host: hostname(),
        startedAt: NOW.toISOString(),
      }),
    );
    const busy = io();
    expect(await runBackup(['--out', join(root, 'busy.tar.gz')], { DATA_DIR: source }, busy, NOW)).toBe(1);
    expect(busy.errors()).toContain('in use by the YaadCare server');
    expect(busy.errors()).toContain('server stopped');
    rmSync(lock);
    expect(existsSync(join(root, 'busy.tar.gz'))).toBe(false);

    const again = io();
    expect(await runBackup(['--out', archive], { DATA_DIR: source }, again, NOW)).toBe(1);
    expect(again.errors()).toContain('already exists');
    const empty = io();
    expect(
      await runBackup(['--out', join(root, 'x.tar.gz')], { DATA_DIR: join(root, 'none') }, empty, NOW),
    ).toBe(1);
    expect(empty.errors()).toContain('no pglite/ folder');
  });

  it('tells the kinds of backup apart and says where each one goes', async () => {
    const fakeDump = join(root, 'fake.dump');
    writeFileSync(fakeDump, 'PGDMP and then nothing');
    const noUrl = io();
    expect(await runRestore([fakeDump], { DATA_DIR: join(root, 'x') }, noUrl, NOW)).toBe(1);
    expect(noUrl.errors()).toContain('set DATABASE_URL');

    const withUrl = io();
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    expect(await runRestore([archive], env, withUrl, NOW)).toBe(1);
    expect(withUrl.errors()).toContain('unset DATABASE_URL');

    const junk = join(root, 'junk.bin');
    writeFileSync(junk, 'not a backup at all');
    const bad = io();
    expect(await runRestore([junk], { DATA_DIR: join(root, 'y') }, bad, NOW)).toBe(1);
    expect(bad.errors()).toMatch(/not a (readable backup archive|YaadCare embedded-database backup)/);
    expect(existsSync(join(root, 'y', 'pglite'))).toBe(false);

    const usage = io();
    expect(await runRestore([], {}, usage, NOW)).toBe(2);
    expect(await runBackup(['--bogus'], {}, usage, NOW)).toBe(2);
  });

  it('says what to install when pg_dump is missing, before it connects anywhere', async () => {
    const r = io();
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const args = ['--out', join(root, 'none.dump'), '--pg-bin', join(root, 'no-such-bin')];
    expect(await runBackup(args, env, r, NOW)).toBe(1);
    expect(r.errors()).toBe(
      `Backup failed: ${join(root, 'no-such-bin', 'pg_dump')} was not found. Install the PostgreSQL client ` +
        'tools (Debian: apt-get install postgresql-client), or pass --pg-bin with the folder holding pg_dump and pg_restore.',
    );
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'backup and restore on PostgreSQL',
  { timeout: 120_000 },
  () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const created: string[] = [];
    afterAll(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    /** A new database with nothing in it (no migrations), as `createdb` makes. */
    async function emptyDatabase(): Promise<string> {
      const name = `yc_restore_${Math.random().toString(16).slice(2, 10)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      created.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    }

    it('restores a pg_dump backup into a fresh database with every row and the ledger balances', async () => {
      const source = await openTestDatabase('postgres');
      try {
        await seedDemoData(source.db, { passwordHash: 'not-a-real-hash', now: NOW });
        const before = await fingerprint(source);
        expectMoneyMoved(before);
        const dump = join(root, 'pg', 'backup.dump');
        const b = io();
        expect(await runBackup(['--out', dump], { DATABASE_URL: source.url }, b, NOW), b.errors()).toBe(0);
        expect(b.text()).toMatch(/pg_dump \d+\.\d+, server PostgreSQL \d+/);
        expect(statSync(dump).mode & 0o777).toBe(0o600);

        const targetUrl = await emptyDatabase();
        const r = io();
        expect(await runRestore([dump], { DATABASE_URL: targetUrl }, r, NOW), r.errors()).toBe(0);
        const restored = await openDatabase({ kind: 'postgres', url: targetUrl, poolSize: 2 });
        try {
          expect(await fingerprint(restored)).toEqual(before);
        } finally {
          await restored.close();
        }

        const refused = io();
        expect(await runRestore([dump], { DATABASE_URL: targetUrl }, refused, NOW)).toBe(1);
        expect(refused.errors()).toContain('not empty');
        const forced = io();
        expect(
          await runRestore([dump, '--force'], { DATABASE_URL: targetUrl }, forced, NOW),
          forced.errors(),
        ).toBe(0);
        const again = await openDatabase({ kind: 'postgres', url: targetUrl, poolSize: 2 });
        try {
          expect(await fingerprint(again)).toEqual(before);
        } finally {
          await again.close();
        }
      } finally {
        await source.close();
      }
    });

    it('refuses a pg_dump older than the server, naming what to install', async () => {
      const bin = join(root, 'old-bin');
      mkdirSync(bin, { recursive: true });
      writeFileSync(join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
      chmodSync(join(bin, 'pg_dump'), 0o755);
      const url = await emptyDatabase();
      const out = join(root, 'old.dump');
      const r = io();
      expect(await runBackup(['--out', out, '--pg-bin', bin], { DATABASE_URL: url }, r, NOW)).toBe(1);
      expect(r.errors()).toMatch(/pg_dump is version 9\.6\.24 but the server runs PostgreSQL \d+/);
      expect(r.errors()).toMatch(/apt-get install postgresql-client-\d+/);
      expect(existsSync(out)).toBe(false);
    });
  },
);

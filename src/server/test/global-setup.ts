import type { TestProject } from 'vitest/node';
import { ensurePgliteSnapshot, ensurePostgresTemplate, migrationsHash } from './snapshots';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dump of a migrated PGlite database (see snapshots.ts). */
    pgliteSnapshot: string;
    /** A migrated template database on TEST_DATABASE_URL's server, when it is set. */
    postgresTemplate: string | undefined;
  }
}

/** Runs once before any test file: the migrated copies every test database starts from (ADR 0021). */
export default async function setup(project: TestProject) {
  const hash = migrationsHash();
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [snapshot, template] = await Promise.all([
    ensurePgliteSnapshot(hash),
    adminUrl ? ensurePostgresTemplate(adminUrl, hash) : undefined,
  ]);
  project.provide('pgliteSnapshot', snapshot);
  project.provide('postgresTemplate', template);
}

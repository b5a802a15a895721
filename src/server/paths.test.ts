import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProjectRoot, MIGRATIONS_DIR, PROJECT_ROOT } from './paths';
import { ROOT } from './test/process';

describe('paths the server reads at run time', () => {
  it('are found from the project root, whether run from src/server or from a bundle in dist/server', () => {
    expect(PROJECT_ROOT).toBe(ROOT);
    expect(existsSync(join(MIGRATIONS_DIR, 'meta/_journal.json'))).toBe(true);
    // A bundle chunk sits deeper than src/server/db (dist/server/chunks): the walk up finds the same root.
    expect(findProjectRoot(join(ROOT, 'dist/server/chunks'))).toBe(ROOT);
    expect(findProjectRoot(join(ROOT, 'src/server/db'))).toBe(ROOT);
  });
});

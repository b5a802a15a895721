import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of .dependency-cruiser.cjs (run by `npm run lint`), tried on small trees written for the
 * purpose: each wrong import below must be refused by its rule, and the same tree with the imports done the
 * allowed way must pass. So the rules cannot silently stop matching (a renamed folder, a broken regex).
 */
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IConfiguration;
const roots: string[] = [];

async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'yc-deps-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const { output } = await cruise(['src'], {
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      tsPreCompilationDeps: true,
    });
    if (typeof output === 'string') throw new Error(output);
    return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  } finally {
    process.chdir(cwd);
  }
}

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const use = (path: string, name = 'x') => `import { ${name} } from '${path}';\nexport const y = ${name};\n`;
const exportX = 'export const x = 1;\n';

describe('dependency rules', () => {
  it('refuses a feature reading another feature’s repository or any of its values, and allows its types', async () => {
    const tree = {
      'src/server/features/payments/repo.ts': exportX,
      'src/server/features/payments/service.ts': `${use('./repo')}export interface Hold { id: number }\n`,
      'src/server/features/payments/index.ts': "export { y, type Hold } from './service';\n",
      'src/server/features/bookings/repo.ts': exportX,
    };
    expect(
      await violations({ ...tree, 'src/server/features/bookings/service.ts': use('../payments/repo') }),
    ).toEqual([
      'feature-repo-is-private: src/server/features/bookings/service.ts → src/server/features/payments/repo.ts',
      'one-way-to-depend: src/server/features/bookings/service.ts → src/server/features/payments/repo.ts',
    ]);
    // A value through the front door is still a static dependency: deps come from the composition root (ADR 0043).
    expect(
      await violations({ ...tree, 'src/server/features/bookings/service.ts': use('../payments', 'y') }),
    ).toEqual([
      'one-way-to-depend: src/server/features/bookings/service.ts → src/server/features/payments/index.ts',
    ]);
    expect(
      await violations({
        ...tree,
        'src/server/features/bookings/service.ts':
          "import type { Hold } from '../payments';\nexport const hold = (h: Hold) => h.id;\n",
      }),
    ).toEqual([]);
  });

  it('lets the composition root enter a feature only through its front door', async () => {
    const tree = {
      'src/server/features/payments/service.ts': exportX,
      'src/server/features/payments/index.ts': "export { x } from './service';\n",
    };
    expect(
      await violations({ ...tree, 'src/server/wiring/services.ts': use('../features/payments/service') }),
    ).toEqual([
      'feature-front-door: src/server/wiring/services.ts → src/server/features/payments/service.ts',
    ]);
    expect(
      await violations({ ...tree, 'src/server/wiring/services.ts': use('../features/payments') }),
    ).toEqual([]);
  });

  it('refuses a circle of files', async () => {
    expect(
      await violations({
        'src/server/core/a.ts': `${use('./b')}export const x = 1;\n`,
        'src/server/core/b.ts': `${use('./a', 'x as a')}export const x = 2;\n`,
      }),
    ).toEqual(['no-circular: src/server/core/a.ts → src/server/core/b.ts']);
  });

  it('refuses the core (plugins, adapters, jobs, db, core) importing a feature', async () => {
    expect(
      await violations({
        'src/server/features/auth/sessions.ts': exportX,
        'src/server/features/auth/index.ts': "export { x } from './sessions';\n",
        'src/server/plugins/auth.ts': use('../features/auth'),
      }),
    ).toEqual(['core-not-features: src/server/plugins/auth.ts → src/server/features/auth/index.ts']);
  });

  it('keeps src/shared a leaf and the two sides apart', async () => {
    expect(
      await violations({
        'src/web/lib/format.ts': exportX,
        'src/server/errors.ts': exportX,
        'src/shared/money.ts': use('../web/lib/format'),
        'src/web/pages/home-page.tsx': use('../../server/errors'),
      }),
    ).toEqual([
      'shared-is-a-leaf: src/shared/money.ts → src/web/lib/format.ts',
      'web-not-server: src/web/pages/home-page.tsx → src/server/errors.ts',
    ]);
  });

  it('refuses web features importing the app shell, pages or another feature’s components', async () => {
    const tree = {
      'src/web/app/guards.tsx': exportX,
      'src/web/pages/search-page.tsx': exportX,
      'src/web/features/reviews/components/star-picker.tsx': exportX,
      'src/web/features/reviews/api.ts': exportX,
    };
    expect(
      await violations({
        ...tree,
        'src/web/features/bookings/components/panel.tsx':
          use('../../../app/guards', 'x') +
          use('../../../pages/search-page', 'x as p').replace('y =', 'z =') +
          use('../../reviews/components/star-picker', 'x as s').replace('y =', 'w ='),
        'src/web/components/widget.tsx': use('../features/reviews/api'),
      }),
    ).toEqual([
      'web-app-shell-on-top: src/web/features/bookings/components/panel.tsx → src/web/app/guards.tsx',
      'web-feature-components-are-private: src/web/features/bookings/components/panel.tsx → src/web/features/reviews/components/star-picker.tsx',
      'web-pages-on-top-of-features: src/web/features/bookings/components/panel.tsx → src/web/pages/search-page.tsx',
      'web-shared-below-features: src/web/components/widget.tsx → src/web/features/reviews/api.ts',
    ]);
    // The allowed way: a page composes features, a feature uses another's api hooks.
    expect(
      await violations({
        ...tree,
        'src/web/pages/dashboard-page.tsx':
          use('../features/reviews/components/star-picker') +
          use('../app/guards', 'x as g').replace('y =', 'z ='),
        'src/web/features/bookings/components/panel.tsx': use('../../reviews/api'),
      }),
    ).toEqual([]);
  });
});

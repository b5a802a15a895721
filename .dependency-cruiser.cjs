/**
 * The layers of the house (docs/architecture.md), enforced by `npm run lint:deps` (part of `npm run lint`).
 * Tests may reach across (they set up data through whatever is simplest); production code may not.
 */
const notTest = '\\.test\\.tsx?$|/test/|test-setup\\.ts$|testing\\.ts$|test-fixtures\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ── shared: the contracts and rules both sides import; it imports neither ──
    {
      name: 'shared-is-a-leaf',
      comment: 'src/shared is imported by the server and the web app; it may not import either.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    // ── server ──
    {
      name: 'server-not-web',
      comment: 'The server does not import the web app (server rendering loads the built bundle from dist/).',
      severity: 'error',
      from: { path: '^src/server/', pathNot: notTest },
      to: { path: '^src/web/', dependencyTypesNot: ['type-only', 'type-import'] },
    },
    {
      name: 'feature-repo-is-private',
      comment:
        'A feature’s repositories are its own: other features go through its service (or events) instead.',
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/', pathNot: notTest },
      to: {
        path: '^src/server/features/([^/]+)/[^/]*repo\\.ts$',
        pathNot: '^src/server/features/$1/',
      },
    },
    {
      name: 'feature-routes-are-private',
      comment: 'Routes are registered by app.ts only; no feature imports another feature’s routes.',
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/', pathNot: notTest },
      to: {
        path: '^src/server/features/([^/]+)/[^/]*routes\\.ts$',
        pathNot: '^src/server/features/$1/',
      },
    },
    {
      name: 'feature-front-door',
      comment:
        'The composition root (wiring/, app.ts, main.ts, cli/, demo-data/) enters a feature through its front door, index.ts (ADR 0043).',
      severity: 'error',
      from: { path: '^src/server/(?!features/)', pathNot: notTest },
      to: {
        path: '^src/server/features/[^/]+/(?!index\\.ts$)',
        dependencyTypesNot: ['type-only', 'type-import'],
      },
    },
    {
      name: 'one-way-to-depend',
      comment:
        'One way to depend (ADR 0043): a feature gets what it needs from another through the deps the composition root gives it, never by importing its values (types are fine).',
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/', pathNot: notTest },
      to: {
        path: '^src/server/features/[^/]+/',
        pathNot: '^src/server/features/$1/',
        dependencyTypesNot: ['type-only', 'type-import'],
      },
    },
    {
      name: 'core-not-features',
      comment:
        'Adapters, plugins, jobs and the database layer are the core the features stand on; they do not import features (app.ts and services.ts wire them together).',
      severity: 'error',
      from: { path: '^src/server/(adapters|plugins|jobs|core|db)/', pathNot: notTest },
      to: { path: '^src/server/features/' },
    },
    // ── web ──
    {
      name: 'web-not-server',
      comment: 'The web app talks to the server over HTTP only; it shares code through src/shared.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'web-app-shell-on-top',
      comment:
        'app/ (router, layouts, providers) composes pages; features, components and lib never import it.',
      severity: 'error',
      from: { path: '^src/web/(features|components|lib)/', pathNot: notTest },
      to: { path: '^src/web/app/' },
    },
    {
      name: 'web-pages-on-top-of-features',
      comment: 'Pages compose features; features, components and lib never import pages.',
      severity: 'error',
      from: { path: '^src/web/(features|components|lib)/', pathNot: notTest },
      to: { path: '^src/web/pages/' },
    },
    {
      name: 'web-shared-below-features',
      comment: 'components/ and lib/ are shared by every feature; they import no feature.',
      severity: 'error',
      from: { path: '^src/web/(components|lib)/', pathNot: notTest },
      to: { path: '^src/web/features/' },
    },
    {
      name: 'web-feature-components-are-private',
      comment:
        'A feature’s components are its own: a page composes components of several features, a feature does not import another’s (its api.ts hooks are public).',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/', pathNot: notTest },
      to: {
        path: '^src/web/features/([^/]+)/components/',
        pathNot: '^src/web/features/$1/',
      },
    },
    // ── everywhere ──
    {
      name: 'no-circular',
      comment: 'No file imports itself through others (ADR 0043): a circle of files has no order to read them in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import that resolves to nothing.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};

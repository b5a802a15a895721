import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './test/process';
import { FEATURES } from './wiring/features';

/**
 * The house as issue 31 and ADR 0043 want it, measured on the real import graph (dependency-cruiser, the
 * same configuration `npm run lint:deps` uses): features are siblings entered through a front door, no
 * feature imports another's values (deps come from src/server/wiring/), no file circles, and
 * docs/architecture.md draws the graph that is.
 */
interface Dependency {
  resolved: string;
  dependencyTypes: string[];
  circular: boolean;
}
interface Module {
  source: string;
  dependencies: Dependency[];
}

const TEST_FILE = /\.test\.tsx?$|\/test\/|test-setup\.ts$|testing\.ts$|test-fixtures\.ts$/;
const featureOf = (path: string) => path.match(/^src\/server\/features\/([^/]+)\//)?.[1];
const typeOnly = (d: Dependency) => d.dependencyTypes.some((t) => t === 'type-only' || t === 'type-import');
/** A feature's name as a mermaid node id: caregiver-directory → caregiverDirectory. */
const nodeId = (feature: string) => feature.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

function cruise(): Module[] {
  const bin = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const out = execFileSync(
    process.execPath,
    [bin, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: ROOT, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
  );
  return (JSON.parse(out) as { modules: Module[] }).modules.filter((m) => m.source.startsWith('src/'));
}

/** Feature → features it imports from (production code; types included), and the value imports among them. */
function featureGraph(modules: Module[]) {
  const edges = new Map<string, Set<string>>();
  const valueImports: string[] = [];
  for (const m of modules) {
    const from = featureOf(m.source);
    if (!from || TEST_FILE.test(m.source)) continue;
    for (const d of m.dependencies) {
      const to = featureOf(d.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)?.add(to);
      if (!typeOnly(d)) valueImports.push(`${m.source} → ${d.resolved}`);
    }
  }
  return { edges, valueImports };
}

/** The longest chain of features, each importing the next (a circle would make it endless: it throws). */
function longestChain(edges: Map<string, Set<string>>): string[] {
  const memo = new Map<string, string[]>();
  const visiting = new Set<string>();
  const from = (f: string): string[] => {
    const known = memo.get(f);
    if (known) return known;
    if (visiting.has(f)) throw new Error(`features in a circle through ${f}`);
    visiting.add(f);
    let best = [f];
    for (const g of edges.get(f) ?? []) {
      const rest = from(g);
      if (rest.length + 1 > best.length) best = [f, ...rest];
    }
    visiting.delete(f);
    memo.set(f, best);
    return best;
  };
  return [...edges.keys()].map(from).reduce((a, b) => (b.length > a.length ? b : a), []);
}

/** The arrows between the markers of docs/architecture.md's feature graph, as "from -> to" lines. */
function documentedEdges(): string[] {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.split('<!-- feature-graph:start -->')[1]?.split('<!-- feature-graph:end -->')[0] ?? '';
  return [...section.matchAll(/^\s*(\w+)(?:\[[^\]]*\])? -\.-> (\w+)(?:\[[^\]]*\])?\s*$/gm)]
    .map(([, a, b]) => `${a} -> ${b}`)
    .sort();
}

describe('the house (issue 31, ADR 0043)', () => {
  const modules = cruise();
  const { edges, valueImports } = featureGraph(modules);

  it('has no feature importing another feature’s values: they come through deps from src/server/wiring/', () => {
    expect(valueImports).toEqual([]);
  });

  it('has no file circle anywhere in src', () => {
    const circular = modules.flatMap((m) =>
      m.dependencies.filter((d) => d.circular).map((d) => `${m.source} → ${d.resolved}`),
    );
    expect(circular).toEqual([]);
  });

  it('keeps every chain of features importing each other (types included) at most 6 features long', () => {
    const chain = longestChain(edges);
    expect(chain.length, chain.join(' → ')).toBeLessThanOrEqual(6);
  });

  it('lists every feature folder once in wiring/features.ts, each with a front door exporting its manifest', () => {
    const folders = readdirSync(join(ROOT, 'src/server/features'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    for (const f of folders)
      expect(existsSync(join(ROOT, 'src/server/features', f, 'index.ts')), f).toBe(true);
    expect(FEATURES.map((f) => f.name).sort()).toEqual(folders);
  });

  it('draws in docs/architecture.md exactly the feature graph the imports make', () => {
    const real = [...edges]
      .flatMap(([from, tos]) => [...tos].map((to) => `${nodeId(from)} -> ${nodeId(to)}`))
      .sort();
    const mermaid = real.map((line) => `  ${line.replace(' -> ', ' -.-> ')}`).join('\n');
    expect(documentedEdges(), `docs/architecture.md's graph should read:\n${mermaid}`).toEqual(real);
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * `import { Clock, X } from 'lucide-react'` in the app's source → one import per icon module
 * (`lucide-react/icons/clock`), at build time only (ADR 0023).
 *
 * Through the barrel, every icon's only importer is the barrel, which every module with an icon imports,
 * the entry among them: the chunking (vite.config.ts, `sharedChunk`) and Rolldown saw each icon as used by
 * the whole app and gave each one a chunk of its own, a few hundred bytes and a request each (13 on the home
 * page). Imported directly, an icon goes with the modules that use it.
 */
export function lucideIconImports(): Plugin {
  const pkg = createRequire(import.meta.url).resolve('lucide-react/package.json');
  const barrel = readFileSync(join(dirname(pkg), 'dist/esm/lucide-react.mjs'), 'utf8');
  // Every exported name of an icon (GraduationCap, GraduationCapIcon, LucideGraduationCap, old aliases) → its file.
  const iconFile = new Map<string, string>();
  for (const m of barrel.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
    for (const part of m[1].split(',')) iconFile.set(part.trim().replace(/^default as /, ''), m[2]);
  }
  if (iconFile.size < 1000)
    throw new Error(`lucide-react's barrel lists ${iconFile.size} icon names: has its format changed?`);
  return {
    name: 'yaadcare-lucide-icon-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/web\/.*\.tsx?$/.test(id) || !code.includes("from 'lucide-react'")) return null;
      return code.replace(/import\s*\{([^}]*)\}\s*from\s*'lucide-react';/g, (_all, list: string) => {
        const direct: string[] = [];
        const rest: string[] = [];
        for (const raw of list.split(',')) {
          const spec = raw.trim();
          if (!spec) continue;
          const [name, alias = name] = spec.split(/\s+as\s+/);
          const file = iconFile.get(name);
          if (file && !name.startsWith('type '))
            direct.push(`import ${alias} from 'lucide-react/icons/${file}';`);
          else rest.push(spec);
        }
        return [
          ...direct,
          ...(rest.length ? [`import { ${rest.join(', ')} } from 'lucide-react';`] : []),
        ].join('\n');
      });
    },
  };
}

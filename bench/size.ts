/**
 * `npm run bench:size`: gzipped JavaScript and CSS of the built SPA, for the first load (the sign-in page)
 * and for each lazy route chunk on top of it, checked against the budgets of the performance issue.
 * Reads dist/web/.vite/manifest.json (run `npm run build` first). Exits non-zero over budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGETS = { firstLoadJs: 170 * 1024, routeChunkJs: 120 * 1024, css: 45 * 1024 } as const;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface SizeReport {
  firstLoad: { js: number; css: number; files: string[] };
  routes: Array<{ src: string; js: number; css: number }>;
  totalCss: number;
}

export function measure(distDir: string): SizeReport {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gz = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  /** A chunk and everything it imports statically: what the browser loads with it. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, seen);
    return seen;
  };
  const filesOf = (keys: Set<string>) => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key]!;
      js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
    }
    return { js, css };
  };
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gz(file), 0);

  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  const first = closure(entry);
  const firstFiles = filesOf(first);
  const routes = Object.keys(manifest)
    .filter((key) => manifest[key]!.isDynamicEntry)
    .map((key) => {
      const extra = new Set([...closure(key)].filter((k) => !first.has(k)));
      const files = filesOf(extra);
      return { src: manifest[key]!.src ?? key, js: sum(files.js), css: sum(files.css) };
    })
    .sort((a, b) => b.js - a.js);
  const allCss = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
  return {
    firstLoad: { js: sum(firstFiles.js), css: sum(firstFiles.css), files: [...firstFiles.js] },
    routes,
    totalCss: sum(allCss),
  };
}

export function overBudget(report: SizeReport): string[] {
  const problems: string[] = [];
  if (report.firstLoad.js > BUDGETS.firstLoadJs) {
    problems.push(`first load (sign-in page) JS ${kb(report.firstLoad.js)} > ${kb(BUDGETS.firstLoadJs)}`);
  }
  for (const route of report.routes) {
    if (route.js > BUDGETS.routeChunkJs) problems.push(`${route.src} JS ${kb(route.js)} > ${kb(BUDGETS.routeChunkJs)}`);
  }
  if (report.totalCss > BUDGETS.css) problems.push(`CSS ${kb(report.totalCss)} > ${kb(BUDGETS.css)}`);
  return problems;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const report = measure(path.resolve('dist/web'));
  console.log(`first load (sign-in page): JS ${kb(report.firstLoad.js)}, CSS ${kb(report.firstLoad.css)} (gzip)`);
  for (const route of report.routes)
    console.log(`  + ${route.src.padEnd(48)} JS ${kb(route.js)}  CSS ${kb(route.css)}`);
  console.log(`all CSS: ${kb(report.totalCss)}`);
  const problems = overBudget(report);
  for (const problem of problems) console.error(`over budget: ${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}

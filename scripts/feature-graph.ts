import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * Which server feature needs which at run time (docs/decisions/0031), read from the sources: ESLint's
 * `import-x/no-cycle` sees cycles between files, not between folders, so `identity/` and `users/` could need each
 * other through four files without a file cycle. A type-only import costs nothing at run time and is left out.
 */

/** Folders under src/server every feature may use; the others are features. */
export const SERVER_COMMON = ['platform', 'db', 'test'];

export interface RuntimeImport {
  from: string;
  to: string;
}

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !TEST.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file));
}

function resolve(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (readFileSync(candidate) && SOURCE.test(candidate)) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** Whether an import or export declaration brings nothing at run time (`import type`, only `type` names). */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return Boolean(clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly));
  }
  const clause = node.importClause;
  if (!clause) return false; // `import './x'`: run for its effects
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return Boolean(bindings && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly));
}

/** Every relative import of `file` that loads a module at run time, static or dynamic. */
export function runtimeImportsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (!typeOnly(node) && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.flatMap((specifier) => resolve(file, specifier) ?? []);
}

/** The server feature a file belongs to, or undefined for common code and the app's own files (app.ts, main.ts). */
export function serverFeatureOf(root: string, file: string): string | undefined {
  const parts = path.relative(path.join(root, 'src', 'server'), file).split(path.sep);
  if (parts.length < 2 || parts[0]!.startsWith('..') || SERVER_COMMON.includes(parts[0]!)) return undefined;
  return parts[0];
}

/** Every run-time import between files of two different server features. */
export function crossFeatureImports(root: string): RuntimeImport[] {
  const edges: RuntimeImport[] = [];
  for (const file of sourceFiles(path.join(root, 'src', 'server'))) {
    const feature = serverFeatureOf(root, file);
    if (!feature) continue;
    for (const target of runtimeImportsOf(file)) {
      const other = serverFeatureOf(root, target);
      if (other && other !== feature) edges.push({ from: file, to: target });
    }
  }
  return edges;
}

/** A cycle of features (`['identity', 'users', 'identity']`), or undefined when the features form none. */
export function featureCycle(edges: Array<[string, string]>): string[] | undefined {
  const next = new Map<string, Set<string>>();
  for (const [from, to] of edges) next.set(from, (next.get(from) ?? new Set()).add(to));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    if (state.get(node) === 'done') return undefined;
    state.set(node, 'open');
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      const cycle = visit(to);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of [...next.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossFeatureImports, featureCycle, serverFeatureOf } from './feature-graph';

const ROOT = path.resolve(import.meta.dirname, '..');
const edges = crossFeatureImports(ROOT);
const relative = (file: string) => path.relative(ROOT, file);
const featurePairs = edges.map(({ from, to }): [string, string] => [
  serverFeatureOf(ROOT, from)!,
  serverFeatureOf(ROOT, to)!,
]);

describe('server features (docs/decisions/0031)', () => {
  it('need each other in one direction only: no cycle of features at run time', () => {
    const cycle = featureCycle(featurePairs);
    const through = cycle
      ?.slice(1)
      .map((to, i) => edges.find((e) => featurePairs[edges.indexOf(e)]!.join() === [cycle[i], to].join())!)
      .map((e) => `${relative(e.from)} → ${relative(e.to)}`);
    expect(through ?? [], `features ${cycle?.join(' → ')} need each other`).toEqual([]);
  });

  it("never import another feature's routes: what two features share lives below both", () => {
    const routeToRoute = edges
      .filter(({ to }) => path.basename(to) === 'routes.ts')
      .map(({ from, to }) => `${relative(from)} → ${relative(to)}`);
    expect(routeToRoute).toEqual([]);
  });

  it('companies, the oldest room, needs only what is older than itself: newer features register hooks into it', () => {
    // docs/decisions/0060: tasks, servicing, pipeline… add what they do on a company's save through
    // companies/hooks.ts; a feature added here must be older than companies (and need nothing of it).
    const COMPANIES_MAY_NEED = ['users', 'documents'];
    const newer = edges
      .filter((_, i) => featurePairs[i]![0] === 'companies' && !COMPANIES_MAY_NEED.includes(featurePairs[i]![1]))
      .map(({ from, to }) => `${relative(from)} → ${relative(to)}`);
    expect(newer).toEqual([]);
  });

  it('are found by the reading of imports (the test would pass on nothing otherwise)', () => {
    expect(featurePairs).toContainEqual(['companies', 'users']);
    expect(
      featureCycle([
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
      ]),
    ).toEqual(['a', 'b', 'c', 'a']);
    expect(
      featureCycle([
        ['a', 'b'],
        ['b', 'c'],
      ]),
    ).toBeUndefined();
  });
});

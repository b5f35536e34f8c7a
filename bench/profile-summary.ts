/**
 * Where a CPU profile's time went, by package and by function (self time), for a first look without
 * opening DevTools. Profiles come from `npm run bench -- --profile` (bench/.data/profiles/…; the
 * largest file of a folder is the main thread, the other one tsx's loader thread).
 *   node --import tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(1);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const hits = new Map<number, number>();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
for (const [id, n] of hits) {
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  const where = url.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/');
  add(byFunction, `${functionName || '(anonymous)'}  ${where}${where ? `:${lineNumber + 1}` : ''}`, n);
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  add(
    byPackage,
    pkg ??
      (url.includes('/src/')
        ? 'the app (src/)'
        : url.startsWith('node:')
          ? 'node core'
          : functionName.startsWith('(')
            ? functionName
            : 'native / other'),
    n,
  );
}
const total = profile.samples.length;
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, n] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * n) / total).toFixed(1).padStart(6)} %  ${key}`);
  }
};
console.log(`${file}: ${total} samples`);
print('by package', byPackage);
print('by function (self time)', byFunction);

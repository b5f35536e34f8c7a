import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Where the catalogs live, and how their files are named: `en.ts`, `signed-in.fr.ts`, `domains/tasks.en.ts`. */
const CATALOGS = 'src/shared/i18n';
const CATALOG_FILE = /(?:^|\.)(?:en|fr)\.ts$/;

/**
 * Every file of every catalog part, in both languages (docs/decisions/0030): what the interface can write, for the
 * font cut (vite-plugins.ts) and the size bench's count of the fonts a page fetches.
 */
export function catalogFiles(root: string): string[] {
  return readdirSync(path.join(root, CATALOGS), { recursive: true, encoding: 'utf8' })
    .filter((file) => CATALOG_FILE.test(path.basename(file)))
    .sort()
    .map((file) => path.join(root, CATALOGS, file));
}

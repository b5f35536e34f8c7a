/**
 * `npm run bench:size`: the bytes the browser really receives (ADR 0018). Starts the built app as
 * `npm start` runs it, asks it for every file of the sign-in page's first load (index.html, the entry's
 * JavaScript and what it imports, its CSS, the fonts that CSS draws the interface's text with) and of each lazy route
 * on top of it, with `Accept-Encoding: br, gzip`, and counts the body bytes as sent (compressed or not).
 * The files of each part come from dist/web/.vite/manifest.json. Exits non-zero over budget, so CI fails.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startBuiltApp, webDataDir } from './lib/built-app';
import { ROOT } from './lib/datasets';
import { cleanupAll, installSignalHandlers } from './lib/processes';
import { catalogFiles } from '../scripts/catalog-files';
import { catalogParts, leafKeys, lookup } from '../src/shared/i18n';
import type { Messages } from '../src/shared/i18n/translate';
import { LOCALES, type Locale } from '../src/shared/constants';

/** `--app DIR`: measure another checkout (built) instead of this one, e.g. the code before a change. */
const appAt = process.argv.indexOf('--app');
const APP_ROOT = appAt > 0 && process.argv[appAt + 1] ? path.resolve(process.argv[appAt + 1]!) : ROOT;
const webDist = path.join(APP_ROOT, 'dist', 'web');

export const BUDGETS = { firstLoad: 170 * 1024, route: 120 * 1024, css: 45 * 1024 } as const;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Sent {
  file: string;
  raw: number;
  wire: number;
  encoding: string;
}

/** One GET as a browser sends it; the body is counted as it arrives, not decoded. */
export function fetchWire(base: string, file: string, acceptEncoding = 'br, gzip'): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/${file}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let wire = 0;
      response.on('data', (chunk: Buffer) => (wire += chunk.length));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`${file}: HTTP ${response.statusCode}`));
        const raw = readFileSync(path.join(webDist, file)).length;
        resolve({ file, raw, wire, encoding: String(response.headers['content-encoding'] ?? 'identity') });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The code points a `unicode-range` covers, as [from, to] pairs (`U+20-7E`, `U+A0`, `U+4??`). */
function ranges(value: string): Array<[number, number]> {
  return value.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    if (to !== undefined) return [parseInt(from!, 16), parseInt(to.replace(/^U\+/i, ''), 16)];
    return [parseInt(from!.replace(/\?/g, '0'), 16), parseInt(from!.replace(/\?/g, 'F'), 16)];
  });
}

/** The interface's weights: 400 text, 500 labels, 600 buttons, 700 titles. */
const WEIGHTS = [400, 500, 600, 700];

/**
 * Fonts the browser downloads to draw `text` with a CSS file's faces in each of the interface's
 * weights: the faces whose weight (or weight range) holds it, and of those, for each character, the
 * last declared one whose unicode-range covers it (CSS Fonts). A face is fetched when it draws at
 * least one character.
 */
export function fontsFor(css: string, text: string): string[] {
  const faces = (css.match(/@font-face\s*{[^}]*}/g) ?? []).map((face) => {
    const [low, high] = (/font-weight:\s*(\d+)(?:\s+(\d+))?/.exec(face) ?? [])
      .slice(1)
      .filter((w) => w !== undefined)
      .map(Number);
    return {
      weights: [low ?? 400, high ?? low ?? 400] as const,
      range: ranges(/unicode-range:\s*([^;}]*)/.exec(face)?.[1] ?? 'U+0-10FFFF'),
      file: /url\(["']?([^"')]+\.woff2)["']?\)/.exec(face)?.[1]?.replace(/^\/+/, ''),
    };
  });
  const used = new Set<string>();
  for (const weight of WEIGHTS) {
    const candidates = faces.filter((face) => weight >= face.weights[0] && weight <= face.weights[1]);
    for (const char of new Set(text)) {
      const code = char.codePointAt(0)!;
      const face = candidates.findLast((f) => f.range.some(([a, b]) => code >= a && code <= b));
      if (face?.file) used.add(face.file);
    }
  }
  return [...used];
}

/** What the interface writes: printable ASCII and every string of every catalog part. */
export function interfaceText(): string {
  let ascii = '';
  for (let code = 0x20; code <= 0x7e; code += 1) ascii += String.fromCharCode(code);
  const catalogs = catalogFiles(ROOT).map((file) => readFileSync(file, 'utf8'));
  // Line breaks and tabs of the source are no text the page draws.
  return ascii + catalogs.join('').replace(/[\t\n\r]/g, ' ');
}

export interface Part {
  name: string;
  files: Sent[];
}

export async function measure(base: string): Promise<{ firstLoad: Part; routes: Part[]; allCss: Sent[] }> {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const text = interfaceText();
  /** A chunk and everything it imports statically: what the browser loads with it. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, seen);
    return seen;
  };
  const filesOf = (keys: Iterable<string>, already: Set<string>): string[] => {
    const files = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key]!;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) {
        files.add(css);
        for (const font of fontsFor(readFileSync(path.join(webDist, css), 'utf8'), text)) files.add(font);
      }
    }
    return [...files].filter((file) => !already.has(file));
  };
  const get = (files: string[]) => Promise.all(files.map((file) => fetchWire(base, file)));

  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  const first = closure(entry);
  const firstFiles = ['index.html', ...filesOf(first, new Set())];
  const firstLoad: Part = { name: 'sign-in page (first load)', files: await get(firstFiles) };
  const loaded = new Set(firstFiles);
  const routes: Part[] = [];
  for (const key of Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry)) {
    const extra = [...closure(key)].filter((k) => !first.has(k));
    routes.push({ name: manifest[key]!.src ?? key, files: await get(filesOf(extra, loaded)) });
  }
  const allCss = await get([...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))]);
  return { firstLoad, routes, allCss };
}

/** Mantine's class names (`m_` and 8 hex digits) in a text: used by its components, defined by its CSS. */
const mantineClasses = (text: string) => new Set(text.match(/\bm_[0-9a-f]{8}\b/g) ?? []);

/**
 * Mantine components whose styles do not reach the browser with them (ADR 0018 imports them one by
 * one): classes the first load's JavaScript uses that its CSS does not define, and classes any chunk
 * uses that no CSS of the build defines.
 */
export function unstyledClasses(): { firstLoad: string[]; anywhere: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const read = (file: string) => readFileSync(path.join(webDist, file), 'utf8');
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const first = new Set<string>();
  const walk = (key: string) => {
    if (first.has(key)) return;
    first.add(key);
    for (const next of manifest[key]?.imports ?? []) walk(next);
  };
  walk(entry);
  const classesOf = (chunks: ManifestChunk[], kind: 'js' | 'css') =>
    mantineClasses(
      chunks.map((chunk) => (kind === 'js' ? read(chunk.file) : (chunk.css ?? []).map(read).join('\n'))).join('\n'),
    );
  const firstChunks = [...first].map((key) => manifest[key]!);
  const allChunks = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
  const missing = (used: Set<string>, defined: Set<string>) => [...used].filter((name) => !defined.has(name)).sort();
  return {
    firstLoad: missing(classesOf(firstChunks, 'js'), classesOf(firstChunks, 'css')),
    anywhere: missing(classesOf(allChunks, 'js'), classesOf(allChunks, 'css')),
  };
}

/**
 * Catalog parts that reached the sign-in page's first load although they load later (docs/decisions/0030): a
 * message of the signed-in frame's part or of a domain part found in the first load's JavaScript. Only messages
 * long enough to be that part's own, and written in the bundle as in the source, are looked for.
 */
export function partsOnFirstLoad(firstLoadJs: string): string[] {
  const firstLoadMessages = new Set(leafMessages(catalogParts['firstLoad']!));
  const found: string[] = [];
  for (const [name, part] of Object.entries(catalogParts)) {
    if (name === 'firstLoad') continue;
    const own = leafMessages(part).filter(
      (message) => message.length >= 24 && !/["'\\\n]/.test(message) && !firstLoadMessages.has(message),
    );
    const hit = own.find((message) => firstLoadJs.includes(message));
    if (hit) found.push(`${name} («${hit}»)`);
  }
  return found;
}

const leafMessages = (part: Record<Locale, Messages>): string[] =>
  LOCALES.flatMap((locale) => leafKeys(part[locale]).map((key) => lookup(part[locale], key) ?? ''));

const total = (files: Sent[], key: 'raw' | 'wire') => files.reduce((sum, file) => sum + file[key], 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export function overBudget(report: Awaited<ReturnType<typeof measure>>): string[] {
  const problems: string[] = [];
  const first = total(report.firstLoad.files, 'wire');
  if (first > BUDGETS.firstLoad) problems.push(`sign-in page first load ${kb(first)} > ${kb(BUDGETS.firstLoad)}`);
  for (const route of report.routes) {
    const bytes = total(route.files, 'wire');
    if (bytes > BUDGETS.route) problems.push(`${route.name} ${kb(bytes)} > ${kb(BUDGETS.route)}`);
  }
  const css = total(report.allCss, 'wire');
  if (css > BUDGETS.css) problems.push(`all CSS ${kb(css)} > ${kb(BUDGETS.css)}`);
  return problems;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  installSignalHandlers();
  const app = await startBuiltApp(webDataDir(0), APP_ROOT);
  const problems: string[] = [];
  try {
    const report = await measure(app.base);
    const kinds = (files: Sent[]) => {
      const by = (re: RegExp) =>
        kb(
          total(
            files.filter((f) => re.test(f.file)),
            'wire',
          ),
        );
      return `html ${by(/\.html$/)}, js ${by(/\.js$/)}, css ${by(/\.css$/)}, fonts ${by(/\.woff2?$/)}`;
    };
    const line = (part: Part) =>
      `${part.name.padEnd(34)} ${kb(total(part.files, 'wire')).padStart(9)} on the wire ` +
      `(${kb(total(part.files, 'raw'))} raw; ${kinds(part.files)})`;
    console.log(`bytes sent with Accept-Encoding: br, gzip by ${app.base}`);
    console.log(line(report.firstLoad));
    for (const file of report.firstLoad.files)
      console.log(`    ${file.file.padEnd(48)} ${kb(file.wire).padStart(9)} ${file.encoding}`);
    for (const route of [...report.routes].sort((a, b) => total(b.files, 'wire') - total(a.files, 'wire')))
      console.log(`  + ${line(route)}`);
    console.log(`all CSS: ${kb(total(report.allCss, 'wire'))} on the wire (${kb(total(report.allCss, 'raw'))} raw)`);
    problems.push(...overBudget(report));
    const firstLoadJs = report.firstLoad.files
      .filter((file) => file.file.endsWith('.js'))
      .map((file) => readFileSync(path.join(webDist, file.file), 'utf8'))
      .join('\n');
    for (const part of partsOnFirstLoad(firstLoadJs))
      problems.push(`a catalog part that loads later is in the first load: ${part}`);
    const unstyled = unstyledClasses();
    if (unstyled.firstLoad.length > 0)
      problems.push(`Mantine classes without their CSS on the first load: ${unstyled.firstLoad.join(' ')}`);
    if (unstyled.anywhere.length > 0)
      problems.push(`Mantine classes without CSS anywhere in the build: ${unstyled.anywhere.join(' ')}`);
  } finally {
    await app.stop();
    await cleanupAll();
  }
  for (const problem of problems) console.error(`over budget: ${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}

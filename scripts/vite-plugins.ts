/**
 * Build steps of what the browser downloads (ADR 0018), used by vite.config.ts:
 * the interface's own cut of the Inter font, its preload from index.html, and the Brotli and gzip
 * copies of every text file that the server sends instead of compressing per request.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { catalogFiles } from './catalog-files';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Files the browser receives as text, so worth compressing (fonts and images are compressed already). */
const TEXT_FILE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each text file of the build,
 * once, so the server never compresses its static files per request (@fastify/static `preCompressed`).
 * A copy that would not be smaller is not written: the server then sends the plain file.
 */
export function precompress(): Plugin {
  let outDir = '';
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const filesUnder = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((entry) => {
        const full = path.join(dir, entry.name);
        // .vite/ holds the manifest, which the bench reads and no browser asks for.
        if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(full);
        return TEXT_FILE.test(entry.name) ? [full] : [];
      }),
    );
    return nested.flat();
  };
  return {
    name: 'atrium-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of await filesUnder(outDir)) {
        const content = await readFile(file);
        const size = (await stat(file)).size;
        const [br, gzipped] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          }),
          gz(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < size) await writeFile(`${file}.br`, br);
        if (gzipped.length < size) await writeFile(`${file}.gz`, gzipped);
      }
    },
  };
}

/** Letters of French beyond ASCII, typographic marks and the spaces Intl puts in French numbers. */
const FRENCH = 'ÀÂÄÆÇÈÉÊËÎÏÔÖÙÛÜŸŒàâäæçèéêëîïôöùûüÿœ«»‘’“”–—…€°·•×©\u00a0\u202f\u2009';
const INTER_LATIN = 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
/** The interface's weights: 400 text, 500 labels, 600 buttons, 700 titles. */
const UI_WEIGHTS = { min: 400, max: 700, default: 400 };

/** The characters the interface writes: printable ASCII, French, and every character of the catalogs. */
async function interfaceCharacters(): Promise<number[]> {
  const catalogs = await Promise.all(catalogFiles(ROOT).map((file) => readFile(file, 'utf8')));
  const codes = new Set<number>();
  for (let code = 0x20; code <= 0x7e; code += 1) codes.add(code);
  for (const text of [FRENCH, ...catalogs])
    for (const char of text) {
      const code = char.codePointAt(0)!;
      // Inter's Latin file holds nothing beyond the General Punctuation block's neighbours.
      if (code >= 0x20 && code <= 0x2215) codes.add(code);
    }
  return [...codes].sort((a, b) => a - b);
}

/** `unicode-range` of a sorted list of code points, consecutive ones as ranges. */
export function unicodeRange(codes: number[]): string {
  const parts: string[] = [];
  const hex = (code: number) => code.toString(16).toUpperCase();
  for (let i = 0; i < codes.length; i += 1) {
    const start = codes[i]!;
    while (codes[i + 1] === codes[i]! + 1) i += 1;
    parts.push(start === codes[i] ? `U+${hex(start)}` : `U+${hex(start)}-${hex(codes[i]!)}`);
  }
  return parts.join(', ');
}

/**
 * Cuts Inter's Latin file down to the interface's characters and weights (24 kB instead of 48) and
 * puts it, with its unicode-range, in place of the placeholders of src/web/styles/fonts.css. The cut is
 * made from the catalogs at each build, so a new string never lacks its glyphs; text outside it (a
 * name such as « Muñoz ») is drawn from the full Latin file, which the browser then fetches.
 */
export function interfaceFont(): Plugin {
  const cacheDir = path.join(ROOT, 'node_modules', '.cache', 'atrium-fonts');
  return {
    name: 'atrium-interface-font',
    enforce: 'pre',
    async transform(code, id) {
      if (!id.endsWith(path.join('src', 'web', 'styles', 'fonts.css'))) return null;
      const codes = await interfaceCharacters();
      const text = String.fromCodePoint(...codes);
      const key = createHash('sha256').update(text).update(JSON.stringify(UI_WEIGHTS)).digest('hex').slice(0, 12);
      const file = path.join(cacheDir, `inter-ui-${key}.woff2`);
      if (!existsSync(file)) {
        const font = await subsetFont(await readFile(path.join(ROOT, INTER_LATIN)), text, {
          targetFormat: 'woff2',
          variationAxes: { wght: UI_WEIGHTS },
        });
        await mkdir(cacheDir, { recursive: true });
        await writeFile(file, font);
      }
      for (const catalog of catalogFiles(ROOT)) this.addWatchFile(catalog);
      return code
        .replace('__INTERFACE_FONT__', path.relative(path.dirname(id), file).split(path.sep).join('/'))
        .replace('__INTERFACE_RANGE__', unicodeRange(codes));
    },
  };
}

/**
 * Preloads the interface's font from index.html, so the sign-in page's text is drawn in it at once
 * rather than after the CSS is parsed (no flash of the fallback font). Its hashed name is known only
 * once the bundle is written.
 */
export function preloadInterfaceFont(): Plugin {
  return {
    name: 'atrium-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        return Object.keys(context.bundle ?? {})
          .filter((file) => /\/inter-ui-[^/]*\.woff2$/.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * `npm run bench:web` — what a user waits for on a slow link (ADR 0018). Starts the built app (as
 * `npm start` runs it) on a small demo dataset, drives Debian's Chromium through Playwright with the
 * network throttled by the DevTools protocol, and times three moments, cold (empty browser cache) and
 * warm (the same browser again, signed out):
 *   - sign-in page usable: from the navigation to the form on screen with its fonts loaded;
 *   - sign-in click → first list: from the click to the first company card on screen;
 *   - opening a company file: from the click on a card's link to its form on screen.
 * Each time is read in the page (performance.now() and the click event's timeStamp share the
 * navigation's clock), so Playwright's own round trips are not counted. Prints the median of --runs
 * runs per profile, with the bytes the browser received for the sign-in page (CDP encodedDataLength).
 * Usage: npm run bench:web -- [--runs N] [--companies N] [--out FILE] [--app DIR]
 * (--app: another checkout, built, whose server and build to measure instead of this one's).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../src/server/db/demo-seed';
import { startBuiltApp, webDataDir } from './lib/built-app';
import { ROOT } from './lib/datasets';
import { cleanupAll, installSignalHandlers } from './lib/processes';

/** The issue's profiles: DevTools' "Fast 3G" and "Slow 4G" (round trip, download and upload bits/s). */
export const PROFILES = {
  'fast 3G': { latencyMs: 150, downBitsPerSecond: 1.6e6, upBitsPerSecond: 750e3 },
  'slow 4G': { latencyMs: 100, downBitsPerSecond: 4e6, upBitsPerSecond: 3e6 },
} as const;
type ProfileName = keyof typeof PROFILES;

/** Targets of the issue, in ms (fast 3G); null where it sets none. */
const TARGETS = {
  signInCold: 1500,
  signInWarm: 300,
  listCold: 1500,
  listWarm: 1500,
  fileCold: null,
  fileWarm: 1000,
} as const;
type Moment = keyof typeof TARGETS;

const LIST_CARD = 'a[href^="/companies/"]:not([href="/companies/new"])';

/**
 * In the page: waits (frame by frame) for `selector` (holding `text` if given), forces a layout so the
 * fonts it uses start loading, waits for them, and answers the time since `since` on the page's clock.
 */
async function onScreen(page: Page, selector: string, since: 'navigation' | 'click', text?: string): Promise<number> {
  return page.evaluate(
    async ({ selector, since, text }) => {
      // No named inner functions: tsx would wrap them in a helper the page does not have.
      while (![...document.querySelectorAll(selector)].some((el) => !text || (el.textContent ?? '').includes(text)))
        await new Promise((resolve) => requestAnimationFrame(resolve));
      void document.body.offsetHeight;
      await document.fonts.ready;
      const clickedAt = (window as unknown as { benchClickAt?: number }).benchClickAt ?? 0;
      return performance.now() - (since === 'click' ? clickedAt : 0);
    },
    { selector, since, text },
  );
}

/** Clicks `locator`'s element after arming a capture listener that keeps the click's timestamp. */
async function timedClick(page: Page, click: () => Promise<void>): Promise<void> {
  await page.evaluate(() => {
    document.addEventListener(
      'click',
      (event) => {
        (window as unknown as { benchClickAt?: number }).benchClickAt = event.timeStamp;
      },
      { capture: true, once: true },
    );
  });
  await click();
}

async function throttle(cdp: CDPSession, profile: ProfileName): Promise<void> {
  const p = PROFILES[profile];
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: p.latencyMs,
    downloadThroughput: p.downBitsPerSecond / 8,
    uploadThroughput: p.upBitsPerSecond / 8,
  });
}

/**
 * A staff member (role user) of the demo dataset: after signing in they land on the companies list
 * (an administrator lands on the users list). Asked of the API as the demo administrator.
 */
async function staffEmail(base: string): Promise<string> {
  const signIn = await fetch(`${base}/api/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD }),
  });
  const authorization = signIn.headers.get('authorization');
  if (!authorization) throw new Error(`demo admin sign-in answered ${signIn.status}`);
  const users = (await (await fetch(`${base}/api/users?page[size]=50`, { headers: { authorization } })).json()) as {
    data: Array<{ email: string; role: string }>;
  };
  const staff = users.data.find((user) => user.role === 'user');
  if (!staff) throw new Error('no staff member in the demo dataset');
  return staff.email;
}

/** One pass through the three moments on `page`; returns the times and the sign-in page's bytes. */
async function pass(
  page: Page,
  cdp: CDPSession,
  base: string,
  email: string,
): Promise<{ signIn: number; list: number; file: number; signInBytes: number }> {
  let bytes = 0;
  const count = ({ encodedDataLength }: { encodedDataLength: number }) => {
    bytes += encodedDataLength;
  };
  cdp.on('Network.loadingFinished', count);
  await page.goto(`${base}/login`, { waitUntil: 'commit' });
  const signIn = await onScreen(page, 'button[type="submit"]', 'navigation');
  // Everything the sign-in page asked for has arrived (the fonts were awaited above).
  await page.waitForLoadState('load');
  cdp.off('Network.loadingFinished', count);
  await page.getByRole('textbox', { name: 'Courriel' }).fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe' }).fill(DEMO_ADMIN_PASSWORD);
  await timedClick(page, () => page.getByRole('button', { name: 'Se connecter' }).click());
  const list = await onScreen(page, LIST_CARD, 'click');
  const card = page.locator(LIST_CARD).first();
  // Its label is « Afficher <name> » (fr catalog, companies.card.showLabel).
  const name = (await card.getAttribute('aria-label'))?.replace(/^Afficher /, '') ?? '';
  await timedClick(page, () => card.click());
  // The company form: its title holds the company's name.
  const file = await onScreen(page, 'h1', 'click', name);
  return { signIn, list, file, signInBytes: bytes };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      companies: { type: 'string' },
      out: { type: 'string' },
      app: { type: 'string' },
    },
  });
  const runs = Number(values.runs ?? 3);
  const companies = Number(values.companies ?? 200);
  installSignalHandlers();
  const app = await startBuiltApp(webDataDir(companies), values.app ? path.resolve(values.app) : undefined);
  const email = await staffEmail(app.base);
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  type Series = Record<Moment | 'signInBytesCold' | 'signInBytesWarm', number[]>;
  const results: Record<string, Series> = {};
  try {
    for (const profile of Object.keys(PROFILES) as ProfileName[]) {
      const r: Series = (results[profile] = {
        signInCold: [],
        signInWarm: [],
        listCold: [],
        listWarm: [],
        fileCold: [],
        fileWarm: [],
        signInBytesCold: [],
        signInBytesWarm: [],
      });
      for (let run = 0; run < runs; run += 1) {
        // A new context has an empty cache: the cold pass. The warm pass reuses it, signed out.
        const context: BrowserContext = await browser.newContext({
          locale: 'fr-CA',
          viewport: { width: 1280, height: 800 },
        });
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await throttle(cdp, profile);
          const cold = await pass(page, cdp, app.base, email);
          await page.evaluate(() => localStorage.clear());
          const warm = await pass(page, cdp, app.base, email);
          r.signInCold.push(cold.signIn);
          r.listCold.push(cold.list);
          r.fileCold.push(cold.file);
          r.signInBytesCold.push(cold.signInBytes);
          r.signInWarm.push(warm.signIn);
          r.listWarm.push(warm.list);
          r.fileWarm.push(warm.file);
          r.signInBytesWarm.push(warm.signInBytes);
          console.log(
            `${profile} run ${run + 1}: sign-in ${cold.signIn.toFixed(0)}/${warm.signIn.toFixed(0)} ms, ` +
              `list ${cold.list.toFixed(0)}/${warm.list.toFixed(0)} ms, file ${cold.file.toFixed(0)}/${warm.file.toFixed(0)} ms (cold/warm)`,
          );
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await app.stop();
    await cleanupAll();
  }

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(`\nmedian of ${runs} runs, ${companies} companies (PGlite), Chromium ${browser.version()}`);
  console.log(
    '| profile | sign-in page usable (cold / warm) | sign-in click → first list (cold / warm) | opening a company file (cold / warm) | sign-in page bytes received (cold / warm) |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const [profile, r] of Object.entries(results)) {
    console.log(
      `| ${profile} | ${s(median(r.signInCold))} / ${s(median(r.signInWarm))} | ${s(median(r.listCold))} / ${s(median(r.listWarm))} | ` +
        `${s(median(r.fileCold))} / ${s(median(r.fileWarm))} | ${kb(median(r.signInBytesCold))} / ${kb(median(r.signInBytesWarm))} |`,
    );
  }
  const fast = results['fast 3G']!;
  const missed = (Object.keys(TARGETS) as Moment[]).filter((m) => TARGETS[m] !== null && median(fast[m]) > TARGETS[m]!);
  for (const m of missed) console.log(`target missed on fast 3G: ${m} ${s(median(fast[m]))} > ${s(TARGETS[m]!)}`);

  const out =
    values.out ??
    path.join(ROOT, 'bench', 'results', 'dev', `${new Date().toISOString().slice(0, 16).replace(/:/g, '')}-web.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      { date: new Date().toISOString(), runs, companies, profiles: PROFILES, targets: TARGETS, results },
      null,
      2,
    ),
  );
  console.log(`JSON: ${path.relative(ROOT, out)}`);
}

main().catch(async (error: unknown) => {
  console.error(error);
  await cleanupAll();
  process.exit(1);
});

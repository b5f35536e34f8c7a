import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import axe, { type Result } from 'axe-core';
import { PASSWORD } from './accounts';

/** Fails on any serious or critical axe violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // The page at rest: a pointer left over a row by the last click would otherwise change the colours
  // axe measures (a hovered table row is darker), so the verdict would depend on the layout.
  await page.mouse.move(0, 0);
  let serious: string[] = [];
  // A transition that starts while axe reads the page (a toast closing by itself after 5 s, fading out)
  // blends the colours it measures: that reading is not of the page at rest, so it is read again once the
  // transition is over. The last reading stands, whatever moved.
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await settle(page);
    serious = (await axeViolations(page))
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    const moved = await page.evaluate(() => (window as { axeSawMotion?: boolean }).axeSawMotion === true);
    if (serious.length === 0 || !moved) break;
  }
  expect(serious).toEqual([]);
}

/**
 * axe-core's violations on the page as it is now, of every rule or of `rules` only. AxeBuilder.analyze() evaluates
 * axe-core's 1.3 MB source three times a call (into the page, into each frame, then into a blank page it opens to
 * merge the frames' results) and reports every passing node: about three quarters of each check's time, where the
 * rules themselves take a fraction of a second (ADR 0051). The app has no frames, so axe-core runs in the page
 * with the same rules and options, evaluated once per document; a page with frames still goes through AxeBuilder.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<Result[]> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page });
    return (await (rules ? builder.withRules(rules) : builder).analyze()).violations;
  }
  const loaded = () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function';
  if (!(await page.evaluate(loaded))) await page.evaluate(axe.source);
  return page.evaluate(async (only) => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
    });
    return results.violations;
  }, rules ?? null);
}

/**
 * Waits for finite transitions to end (a modal fading in blends its colours with the overlay), then watches for
 * any that start afterwards. Endless animations (loaders) are left alone: waiting for them would never end.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames first: a transition that was just scheduled has started by then.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    const w = window as { axeSawMotion?: boolean; axeWatching?: boolean };
    w.axeSawMotion = false;
    if (!w.axeWatching) {
      w.axeWatching = true;
      document.addEventListener('transitionrun', () => (w.axeSawMotion = true), true);
    }
  });
}

/** Signs in through the real form (in French, the default language). */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Courriel' }).fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe' }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/**
 * Signs in as the form does, through POST /api/sign_in, and lands on the user's first screen: for stories where the
 * sign-in screen is only the way in (it has stories of its own: skeleton, account-security, two-factor, wire).
 * The form's two page loads (the sign-in page, then a reload for English) become one (ADR 0048). The session is the
 * form's: the token it stores, and the language it sets — the account's, unless `lang` asks for English.
 */
export async function signInThroughApi(page: Page, email: string, lang?: 'fr' | 'en'): Promise<void> {
  const answer = await page.request.post('/api/sign_in', { data: { email, password: PASSWORD } });
  expect(answer.status(), await answer.text()).toBe(200);
  const token = /^Bearer\s+(\S+)$/i.exec(answer.headers()['authorization'] ?? '')?.[1];
  expect(token, `no session for ${email}: a second factor asked for?`).toBeTruthy();
  const { data } = (await answer.json()) as { data: { locale: 'fr' | 'en' } };
  // localStorage belongs to the app's origin: set from its smallest answer, before the app's first load.
  await page.goto('/api/health');
  await page.evaluate(
    ({ token, locale }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('locale', locale);
    },
    { token: token!, locale: lang === 'en' ? 'en' : data.locale },
  );
  await page.goto('/');
}

/**
 * Begins a browser story: the viewport of a desktop (1280×800) or a phone (390×844), signed in, landed on the
 * user's first screen (`landing`: the companies for staff, the users for administrators), in `lang`.
 */
export async function signInFor(
  page: Page,
  email: string,
  options: { lang: 'fr' | 'en'; width: number; landing?: RegExp },
): Promise<void> {
  await page.setViewportSize({ width: options.width, height: options.width < 600 ? 844 : 800 });
  await signInThroughApi(page, email, options.lang);
  await expect(page).toHaveURL(options.landing ?? /\/companies/);
}

/** Calls the API with the signed-in user's token, as the SPA does; answers the envelope's `data`. */
export async function callApi<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('token')}`,
          // Only with a body: an empty JSON body is malformed.
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()).data;
    },
    { method, path, body },
  ) as Promise<T>;
}

/** The `size` of each `@page` rule of the page's style sheets: what the printed paper is. */
export async function printedPageSizes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSPageRule => rule instanceof CSSPageRule)
      .map((rule) => rule.style.getPropertyValue('size')),
  );
}

export const test = base;
export { expect };

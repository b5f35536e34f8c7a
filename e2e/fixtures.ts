import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PASSWORD } from './accounts';

/** Fails on any serious or critical axe violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // The page at rest: a pointer left over a row by the last click would otherwise change the colours
  // axe measures (a hovered table row is darker), so the verdict would depend on the layout.
  await page.mouse.move(0, 0);
  // Nor half-way through a transition (a modal fading in blends its colours with the overlay). Endless
  // animations (loaders) are left alone: waiting for them would never end.
  await page.evaluate(async () => {
    // Two frames first: a transition that was just scheduled has started by then.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Signs in through the real form (in French, the default language). */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Courriel' }).fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe' }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
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

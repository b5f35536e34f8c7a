import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { expect, expectAccessible, signInFor, test } from './fixtures';
import { en } from '../src/shared/i18n/en';
import { fr } from '../src/shared/i18n/fr';
import { signedIn as frameEn } from '../src/shared/i18n/signed-in.en';
import { signedIn as frameFr } from '../src/shared/i18n/signed-in.fr';
import { tasks as tasksEn } from '../src/shared/i18n/domains/tasks.en';
import { tasks as tasksFr } from '../src/shared/i18n/domains/tasks.fr';

/*
 * After a deploy (docs/decisions/0049): a tab opened on the older build asks for a screen's code, which the new
 * build no longer has (here: My tasks' chunk answered 404 once the app is loaded). The page reloads once by
 * itself; the code still missing, it says in the user's language that Atrium was updated — never the browser's
 * "Failed to fetch dynamically imported module" — and its button, pressed from the keyboard, reloads onto the
 * screen asked for once the code is there. In French on a desktop, in English on a phone, axe in every state.
 */

type Lang = 'fr' | 'en';
const CATALOG = {
  fr: { errors: fr.errors, frame: frameFr, tasks: tasksFr },
  en: { errors: en.errors, frame: frameEn, tasks: tasksEn },
} as const;
/** My tasks' own chunk (src/web/tasks/tasks-page.tsx), as the build names it. */
const TASKS_CHUNK = /\/assets\/tasks-page-[\w-]+\.js$/;

async function story(page: Page, lang: Lang, width: number, email: string) {
  const c = CATALOG[lang];
  await signInFor(page, email, { lang, width });

  // The app is loaded; the deploy happens: the chunk of My tasks is gone.
  let asked = 0;
  const gone = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    asked += 1;
    await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
  };
  await page.route(TASKS_CHUNK, gone);

  await page.getByRole('button', { name: c.frame.layout.openMenu }).click();
  await page.getByRole('link', { name: new RegExp(c.frame.layout.myTasks) }).click();

  // One reload by itself, on the address asked for; the code still missing, the page says why.
  const updated = page.getByRole('heading', { level: 1, name: c.errors.updated.title });
  await expect(updated).toBeVisible();
  await expect(page).toHaveURL(/\/tasks$/);
  expect(asked).toBe(2);
  await expect(page.getByText(c.errors.updated.text)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/dynamically imported module|Failed to fetch|TypeError/);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expectAccessible(page);

  // No loop: nothing reloads by itself again.
  await page.waitForLoadState('networkidle');
  expect(asked).toBe(2);
  await expect(updated).toBeVisible();

  // The code is there again (the new build's): the button reloads onto My tasks.
  await page.unroute(TASKS_CHUNK, gone);
  const reload = page.getByRole('button', { name: c.errors.updated.reload });
  await reload.focus();
  await expect(reload).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: c.tasks.page.title })).toBeVisible();
  await expect(page).toHaveURL(/\/tasks$/);
  await expectAccessible(page);
}

test('after a deploy: a screen whose code is gone says that Atrium was updated, and the reload opens it (French, desktop)', async ({
  page,
}) => {
  await story(page, 'fr', 1280, ACCOUNTS.updates.email);
});

test('after a deploy: the same story in English on a phone', async ({ page }) => {
  await story(page, 'en', 390, ACCOUNTS.updatesPhone.email);
});

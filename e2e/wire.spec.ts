import type { Page, Response } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { expect, expectAccessible, signIn, test } from './fixtures';

/**
 * What the browser downloads (ADR 0018): compressed files, the interface's font cut and
 * preloaded, Mantine's styles split between the first load and the signed-in frame — and every screen
 * of the way still styled as before (axe checks contrast, so unstyled text or buttons would fail).
 */

/** Every response of the app's own files from now on. */
function recordAssets(page: Page): Response[] {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) responses.push(response);
  });
  return responses;
}

const fontFiles = (responses: Response[]) =>
  responses.map((r) => new URL(r.url()).pathname).filter((path) => path.endsWith('.woff2'));

test('the sign-in page arrives compressed, drawn in the preloaded interface font, in French and English', async ({
  page,
}) => {
  const assets = recordAssets(page);
  const html = await page.goto('/login');
  expect(await html!.headerValue('content-encoding')).toBe('br');
  expect(await html!.headerValue('cache-control')).toBe('no-cache');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);

  const scriptsAndStyles = assets.filter((r) => /\.(js|css)$/.test(new URL(r.url()).pathname));
  expect(scriptsAndStyles.length).toBeGreaterThan(1);
  for (const response of scriptsAndStyles) {
    expect(await response.headerValue('content-encoding'), response.url()).toBe('br');
    expect(await response.headerValue('cache-control'), response.url()).toContain('immutable');
  }
  // One font file, the one index.html preloads; the full Latin file is never needed for the interface.
  const preload = await page.locator('link[rel="preload"][as="font"]').getAttribute('href');
  expect(preload).toMatch(/^\/assets\/inter-ui-.*\.woff2$/);
  expect(fontFiles(assets)).toEqual([preload]);
  expect(await page.evaluate(() => document.fonts.check('600 16px Inter', 'Se connecter'))).toBe(true);
  expect(await page.getByRole('button', { name: 'Se connecter' }).evaluate((b) => getComputedStyle(b).fontWeight)).toBe(
    '600',
  );
  await expectAccessible(page);

  await page.getByText('English').click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(fontFiles(assets)).toEqual([preload]);
  await expectAccessible(page);
});

test('the sign-in page on a phone is styled and accessible', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Se connecter' });
  await expect(button).toBeVisible();
  // Mantine's Button styles are there: a filled button, not the browser's grey default.
  expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe('rgb(239, 239, 239)');
  await expectAccessible(page);
});

test('signing in brings the signed-in screens their styles with the signed-in frame', async ({ page }) => {
  const assets = recordAssets(page);
  await signIn(page, ACCOUNTS.user.email);
  await expect(page).toHaveURL(/\/companies$/);
  const banner = page.getByRole('banner');
  await expect(banner).toBeVisible();
  // AppShell's header is fixed at the top: from signed-in.css, which did not come with the sign-in page.
  expect(await banner.evaluate((header) => getComputedStyle(header).position)).toBe('fixed');
  const styles = assets.map((r) => new URL(r.url()).pathname).filter((path) => path.endsWith('.css'));
  expect(styles.some((path) => /\/app-layout-[^/]*\.css$/.test(path))).toBe(true);
  await expectAccessible(page);

  // The drawer (Drawer, NavLink, Divider styles) opens over the page.
  await page.getByRole('button', { name: /menu/i }).first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Entreprises' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

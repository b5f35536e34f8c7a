import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD } from './accounts';
import { expect, expectAccessible, signIn, test } from './fixtures';

/** ADR 0013 and 0014 through the screens: password change, sign-out on the server, lockout message. */

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** What the API answers this token now, asked outside the browser's session. */
async function userStatus(request: APIRequestContext, token: string | null): Promise<number> {
  const res = await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
  return res.status();
}

test('changing my password on My account keeps this session and ends the other ones', async ({ browser, request }) => {
  const other = await (await browser.newContext()).newPage();
  await signIn(other, ACCOUNTS.security.email);
  await expect(other).toHaveURL(/\/companies$/);
  const otherToken = await tokenOf(other);

  const page = await (await browser.newContext()).newPage();
  await signIn(page, ACCOUNTS.security.email);
  await expect(page).toHaveURL(/\/companies$/);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Changer mon mot de passe' });
  await expect(section).toBeVisible();
  await expectAccessible(page);

  // A wrong current password: said on that field, nothing typed is lost.
  await section.getByRole('textbox', { name: 'Mot de passe actuel' }).fill('pas le bon');
  await section.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill('un tout nouveau secret');
  await section.getByRole('textbox', { name: 'Confirmer le nouveau mot de passe' }).fill('un tout nouveau secret');
  await section.getByRole('button', { name: 'Changer mon mot de passe' }).click();
  await expect(section.getByText('Ce n’est pas votre mot de passe actuel.')).toBeVisible();
  await expect(section.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true })).toHaveValue(
    'un tout nouveau secret',
  );
  await expectAccessible(page);

  await section.getByRole('textbox', { name: 'Mot de passe actuel' }).fill(PASSWORD);
  await section.getByRole('button', { name: 'Changer mon mot de passe' }).click();
  await expect(page.getByText('Votre mot de passe a été changé. Vos autres sessions ont été fermées.')).toBeVisible();
  await expect(section.getByRole('textbox', { name: 'Mot de passe actuel' })).toHaveValue('');
  await expectAccessible(page);

  expect(await userStatus(request, await tokenOf(page))).toBe(200);
  expect(await userStatus(request, otherToken)).toBe(401);
  // The other browser finds itself signed out at its next request.
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
});

test('in English too, the email change asks for the current password', async ({ page }) => {
  await signIn(page, ACCOUNTS.signOut.email);
  await expect(page).toHaveURL(/\/companies$/);
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  const current = page.getByRole('textbox', { name: 'Current password, to confirm the new email' });
  await expect(current).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('serge.ailleurs@e2e.test');
  await expect(current).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter your current password to change your sign-in email.')).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByRole('region', { name: 'Change my password' })).toBeVisible();
  // Back to the saved address: nothing to confirm any more.
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ACCOUNTS.signOut.email);
  await expect(current).toHaveCount(0);
});

test('logging out from the drawer ends the session on the server', async ({ page, request }) => {
  await signIn(page, ACCOUNTS.signOut.email);
  await expect(page).toHaveURL(/\/companies$/);
  const token = await tokenOf(page);
  expect(await userStatus(request, token)).toBe(200);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);
  expect(await tokenOf(page)).toBeNull();
  expect(await userStatus(request, token)).toBe(401);
});

test('guesses at an account slow that address down, saying how many minutes to wait, fr and en', async ({ page }) => {
  for (let i = 0; i < 5; i += 1) {
    await signIn(page, ACCOUNTS.guessed.email, `mauvais ${i}`);
    await expect(page.getByText('Les identifiants fournis sont invalides. Veuillez réessayer.').first()).toBeVisible();
  }
  await signIn(page, ACCOUNTS.guessed.email, PASSWORD);
  await expect(page.getByText('Trop de tentatives. Veuillez réessayer dans 1 minute.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);

  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ACCOUNTS.guessed.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Too many attempts. Please try again in 1 minute.').first()).toBeVisible();
  await expectAccessible(page);
});

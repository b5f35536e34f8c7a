import type { Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD } from './accounts';
import { expect, expectAccessible, signIn, test } from './fixtures';

test('the sign-in screen opens in French and any unknown path leads there when signed out', async ({ page }) => {
  await page.goto('/somewhere/unknown');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expectAccessible(page);
});

test('a wrong password shows docs/SPEC.md §8 message, in French then in English', async ({ page }) => {
  await signIn(page, ACCOUNTS.user.email, 'not the password');
  await expect(page.getByText('Les identifiants fournis sont invalides. Veuillez réessayer.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByText('English').click();
  await page.getByRole('textbox', { name: 'Email' }).fill(ACCOUNTS.user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill('still not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The credentials you provided were invalid. Please try again.')).toBeVisible();
  await expectAccessible(page);
});

test('validation messages appear once a field is touched', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Courriel' }).fill('pas-un-courriel');
  await page.getByRole('textbox', { name: 'Mot de passe' }).focus();
  await expect(page.getByText('Doit être une adresse courriel valide')).toBeVisible();
  await expect(page.getByText('Champ obligatoire')).toHaveCount(0);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Champ obligatoire')).toBeVisible();
});

test('the language choice is kept after a reload', async ({ page }) => {
  await page.goto('/login');
  await page.getByText('English').click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByText('Français').click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
});

test('an administrator lands on /users with the Users link in the drawer', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin.email);
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Utilisateurs' })).toBeVisible();
  await expect(nav.getByText('Aucune entreprise sélectionnée')).toBeVisible();
  await expectAccessible(page);
});

test('a user lands on /companies, has no Users link, and is turned away from administrator pages', async ({ page }) => {
  await signIn(page, ACCOUNTS.user.email);
  await expect(page).toHaveURL(/\/companies$/);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Entreprises' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Utilisateurs' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/users');
  await expect(page).toHaveURL(/\/companies$/);
  // Documents need a current company: without one, back to the companies list.
  await page.goto('/documents');
  await expect(page).toHaveURL(/\/companies$/);
});

test('an unknown path shows the 404 page when signed in, and routes ignore case', async ({ page }) => {
  await signIn(page, ACCOUNTS.user.email);
  await expect(page).toHaveURL(/\/companies$/);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 - Page introuvable' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/ACCOUNT');
  await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible();
});

test('my account: names, email and language are saved and kept', async ({ page }) => {
  await signIn(page, ACCOUNTS.account.email);
  await expect(page).toHaveURL(/\/companies$/);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('link', { name: 'Mon compte' }).click();
  await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Prénom' }).fill('');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).focus();
  await expect(page.getByText('Champ obligatoire')).toBeVisible();

  await page.getByRole('textbox', { name: 'Prénom' }).fill('Aurélie');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Côté');
  await page.getByRole('textbox', { name: 'Courriel' }).fill('aurelie.cote@e2e.test');
  // A new sign-in email asks for the current password (ADR 0014).
  await page.getByRole('textbox', { name: 'Mot de passe actuel, pour confirmer le nouveau courriel' }).fill(PASSWORD);
  await page.getByRole('combobox', { name: 'Langue' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page.getByText('Your account was saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Aurélie');
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Côté');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('aurelie.cote@e2e.test');

  // The new address is the one that signs in now.
  await page.evaluate(() => localStorage.removeItem('token'));
  await signInEnglish(page, 'aurelie.cote@e2e.test');
  await expect(page).toHaveURL(/\/companies$/);
});

async function signInEnglish(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('logout clears the session and a signed-out visit goes to /login', async ({ page }) => {
  await signIn(page, ACCOUNTS.logout.email);
  await expect(page).toHaveURL(/\/companies$/);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
});

test('a stored token that the server refuses is cleared on start', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('token', 'a.b.c'));
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

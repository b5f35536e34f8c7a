import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { expect, expectAccessible, signIn, test } from './fixtures';
import { linkFromMail } from './mail';

const NEW_EMAIL = 'nouvelle.recrue@e2e.test';
const NEW_PASSWORD = 'mot de passe neuf 1';
const RESET_PASSWORD = 'encore un autre 22';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function signInAs(page: Page, email: string, password: string) {
  await signIn(page, email, password);
}

test('invite → confirm → forgot → reset → archive → restore, the whole story through the screens', async ({
  browser,
}) => {
  // Three browsers and an axe check on each screen: two minutes and more on a busy machine (seen at load 10).
  test.setTimeout(180_000);
  const admin = await newPage(browser);
  await signIn(admin, ACCOUNTS.admin.email);
  await expect(admin).toHaveURL(/\/users$/);
  await expect(admin.getByRole('heading', { name: 'Utilisateurs' })).toBeVisible();
  await expectAccessible(admin);

  // Invite from the modal of the users list.
  await admin.getByRole('button', { name: 'Inviter un utilisateur' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Courriel' }).fill(NEW_EMAIL);
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Inviter', exact: true }).click();
  await expect(admin.getByText('L’utilisateur a bien été invité.')).toBeVisible();
  // More accounts than one page holds: find the new one as an administrator would.
  await admin.getByRole('searchbox', { name: 'Rechercher' }).fill(NEW_EMAIL);
  const row = admin.getByRole('row').filter({ hasText: NEW_EMAIL });
  await expect(row).toContainText('Invité');

  // The invitee follows the link of the mail, in another browser.
  const invitee = await newPage(browser);
  await invitee.goto(await linkFromMail(NEW_EMAIL, '/invitations/confirm'));
  await expect(invitee.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(invitee);
  await invitee.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(NEW_PASSWORD);
  await invitee.getByRole('textbox', { name: 'Confirmation du mot de passe' }).fill('pas pareil');
  await invitee.getByRole('textbox', { name: 'Prénom' }).click();
  await expect(invitee.getByText('Les mots de passe doivent être identiques')).toBeVisible();
  await invitee.getByRole('textbox', { name: 'Confirmation du mot de passe' }).fill(NEW_PASSWORD);
  await invitee.getByRole('textbox', { name: 'Prénom' }).fill('Noémie');
  await invitee.getByRole('textbox', { name: 'Nom', exact: true }).fill('Bélanger');
  await invitee.getByRole('button', { name: /activer/i }).click();
  await expect(invitee).toHaveURL(/\/companies$/);

  // Forgot → reset: the new password works, the old one does not.
  const other = await newPage(browser);
  await other.goto('/login');
  await other.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(other).toHaveURL(/\/passwords\/forgot$/);
  await expectAccessible(other);
  await other.getByRole('textbox', { name: 'Courriel' }).fill(NEW_EMAIL);
  await other.getByRole('button', { name: 'Envoyer' }).click();
  await expect(other.getByText(/Si votre adresse courriel existe/)).toBeVisible();
  await other.goto(await linkFromMail(NEW_EMAIL, '/passwords/reset'));
  await expectAccessible(other);
  await other.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill(RESET_PASSWORD);
  await other.getByRole('textbox', { name: 'Confirmation du mot de passe' }).fill(RESET_PASSWORD);
  await other.getByRole('button', { name: /changer/i }).click();
  await expect(other).toHaveURL(/\/companies$/);

  const fresh = await newPage(browser);
  await signInAs(fresh, NEW_EMAIL, NEW_PASSWORD);
  await expect(fresh.getByText('Les identifiants fournis sont invalides. Veuillez réessayer.')).toBeVisible();
  await signInAs(fresh, NEW_EMAIL, RESET_PASSWORD);
  await expect(fresh).toHaveURL(/\/companies$/);

  // The administrator archives the user: the open session stops at its next request, sign-in fails.
  await admin.reload();
  await admin.getByRole('button', { name: /Actions pour Noémie Bélanger/ }).click();
  await admin.getByRole('menuitem', { name: 'Archiver' }).click();
  // Check the confirmation once the actions menu has finished closing: a half-closed menu is not a screen.
  await expect(admin.getByRole('dialog')).toBeVisible();
  await expect(admin.getByRole('menu')).toHaveCount(0);
  await expectAccessible(admin);
  await admin.getByRole('dialog').getByRole('button', { name: 'Archiver' }).click();
  await expect(admin.getByRole('row').filter({ hasText: NEW_EMAIL })).toContainText('Archivé');

  await fresh.goto('/account');
  await expect(fresh).toHaveURL(/\/login$/);
  await signInAs(fresh, NEW_EMAIL, RESET_PASSWORD);
  await expect(fresh.getByText('Les identifiants fournis sont invalides. Veuillez réessayer.')).toBeVisible();

  // Restore from the edit page, then sign-in works again.
  await admin.getByRole('link', { name: 'Noémie Bélanger' }).click();
  await expect(admin).toHaveURL(/\/users\/[0-9a-f-]+$/);
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Restaurer' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Restaurer' }).click();
  await expect(admin).toHaveURL(/\/users$/);
  await signInAs(fresh, NEW_EMAIL, RESET_PASSWORD);
  await expect(fresh).toHaveURL(/\/companies$/);
});

test('an administrator edits a user and the list shows it; the last administrator cannot be archived', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin.email);
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('ulysse');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Ulysse User' }).click();
  // Every button of the page, the red "Archive" included, keeps a readable contrast.
  await expect(page.getByRole('button', { name: 'Archiver' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Ulysse-Émile');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/users/);
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('ulysse');
  await expect(page.getByRole('link', { name: 'Ulysse-Émile User' })).toBeVisible();

  // The signed-in administrator has no "archive" action on their own row.
  await page.goto('/users?search=alice');
  await page.getByRole('button', { name: /Actions pour Alice Admin/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Modifier' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Archiver' })).toHaveCount(0);
  await expectAccessible(page);
});

test('an unknown reset token shows the inline failure, in English too', async ({ page }) => {
  await page.goto('/passwords/reset?token=nope');
  await page.getByText('English').click();
  await page.getByRole('textbox', { name: 'New password' }).fill('whatever 1234');
  await page.getByRole('textbox', { name: 'Password confirmation' }).fill('whatever 1234');
  await page.getByRole('button', { name: /change/i }).click();
  await expect(page.getByTestId('reset-failure')).toContainText(
    'Something bad happened while trying to reset your password. Please try again.',
  );
  await expectAccessible(page);
});

test('resend invitation answers the same for an unknown address', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Vous n’avez pas reçu votre invitation ?' }).click();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Courriel' }).fill('personne@e2e.test');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText(/Si votre adresse courriel existe/)).toBeVisible();
});

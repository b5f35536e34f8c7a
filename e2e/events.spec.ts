import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { callApi, expect, expectAccessible, signInThroughApi, test } from './fixtures';

/** A company of its own, created through the API, made the current company. */
async function createCurrentCompany(page: Page, name: string): Promise<string> {
  const first = async (path: string) => ((await callApi(page, 'GET', path)) as Array<{ id: string }>)[0]!.id;
  const company = (await callApi(page, 'POST', '/companies', {
    name,
    legal_form_id: await first('/legal_forms'),
    status_id: await first('/statuses'),
    activity_area_id: await first('/activity_areas'),
    address: { address: '1, rang du Nord', zip_code: 'G6V 4J8', municipality_id: await first('/municipalities') },
  })) as { id: string };
  await page.evaluate((id) => localStorage.setItem('currentCompanyId', id), company.id);
  return company.id;
}

/** The titles of the timeline's events, top to bottom. */
const titles = (page: Page) => page.getByTestId('event-item').getByRole('heading', { level: 3 });

async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('event history: add, filter by year, category and accent-free text, edit, delete, and system events in both languages', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const companyName = `Érablière du Rang ${Date.now()}`;
  await signInThroughApi(page, ACCOUNTS.events.email);
  await expect(page).toHaveURL(/\/companies/);
  const companyId = await createCurrentCompany(page, companyName);

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Historique des événements' })).toBeVisible();
  // The creation was recorded by the server, in French, with no edit or delete.
  const created = page.getByTestId('event-item').filter({ hasText: `Entreprise « ${companyName} » créée` });
  await expect(created).toBeVisible();
  await expect(created).toContainText('Par Évariste Historien');
  await expect(created.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);

  // The modal, opened from the keyboard.
  await page.getByRole('button', { name: 'Nouvel événement' }).focus();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Nouvel événement' });
  await expect(modal).toBeVisible();
  // Today, in French whatever the browser's language.
  await expect(modal.getByRole('textbox', { name: 'Date' })).toHaveValue(/^\d{1,2} [a-zéû]+ \d{4}$/);
  await expectAccessible(page);
  // Nothing chosen: the required fields say so, nothing is sent.
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal.getByText('Champ obligatoire')).toHaveCount(2);
  // The system category is not a choice.
  await modal.getByRole('combobox', { name: 'Catégorie' }).click();
  await expect(page.getByRole('option', { name: 'Système' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Démarrage', exact: true }).click();
  await modal.getByRole('textbox', { name: 'Titre' }).fill('Événement de démarrage');
  await modal.getByRole('textbox', { name: 'Date' }).fill('2023-03-01');
  await modal.getByRole('textbox', { name: 'Notes' }).fill('Première visite de l’usine');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('L’événement a été ajouté.')).toBeVisible();
  await expect(modal).toBeHidden();

  await page.getByRole('button', { name: 'Nouvel événement' }).click();
  await choose(modal, page, 'Catégorie', 'Financement');
  await modal.getByRole('textbox', { name: 'Titre' }).fill('Rencontre annuelle');
  await modal.getByRole('textbox', { name: 'Date' }).fill('2024-03-12');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal).toBeHidden();

  // A changed modal is not closed without asking (ADR 0017): Escape asks, staying keeps what was typed,
  // Cancel asks again and discarding closes it with nothing saved.
  await page.getByRole('button', { name: 'Nouvel événement' }).click();
  await modal.getByRole('textbox', { name: 'Titre' }).fill('Brouillon à ne pas perdre');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Abandonner vos modifications ?' });
  await expect(ask).toBeVisible();
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Annuler' }).click();
  await expect(ask).toBeHidden();
  await expect(modal.getByRole('textbox', { name: 'Titre' })).toHaveValue('Brouillon à ne pas perdre');
  await modal.getByRole('button', { name: 'Annuler' }).click();
  await ask.getByRole('button', { name: 'Abandonner les modifications' }).click();
  await expect(modal).toBeHidden();
  // Unchanged, it closes at once.
  await page.getByRole('button', { name: 'Nouvel événement' }).click();
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(ask).toHaveCount(0);

  // Grouped by year, newest first; days written the French way (docs/SPEC.md §9).
  await expect(titles(page)).toHaveText([
    `Entreprise « ${companyName} » créée`,
    'Rencontre annuelle',
    'Événement de démarrage',
  ]);
  await expect(page.getByTestId('event-year').getByRole('heading', { level: 2 })).toHaveText([
    `${new Date().getFullYear()}Événements de ${new Date().getFullYear()}`,
    '2024Événements de 2024',
    '2023Événements de 2023',
  ]);
  const first = page.getByTestId('event-item').filter({ hasText: 'Événement de démarrage' });
  await expect(first.locator('time')).toHaveText('1er mars');
  await expect(first).toContainText('Première visite de l’usine');
  await expect(page.getByTestId('event-item').filter({ hasText: 'Rencontre annuelle' }).locator('time')).toHaveText(
    '12 mars',
  );

  // Year: only the years that have events are offered.
  await page.getByRole('combobox', { name: 'Année' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Toutes les années',
    String(new Date().getFullYear()),
    '2024',
    '2023',
  ]);
  await page.getByRole('option', { name: '2023', exact: true }).click();
  await expect(titles(page)).toHaveText(['Événement de démarrage']);
  await choose(page, page, 'Année', 'Toutes les années');
  await expect(titles(page)).toHaveCount(3);

  await choose(page, page, 'Catégorie', 'Financement');
  await expect(titles(page)).toHaveText(['Rencontre annuelle']);
  await choose(page, page, 'Catégorie', 'Système');
  await expect(titles(page)).toHaveText([`Entreprise « ${companyName} » créée`]);
  await choose(page, page, 'Catégorie', 'Toutes les catégories');

  // Text, without the accents.
  await page.getByRole('searchbox', { name: 'Recherche' }).fill('evenement');
  await expect(titles(page)).toHaveText(['Événement de démarrage']);
  await page.getByRole('searchbox', { name: 'Recherche' }).fill('usine');
  await expect(titles(page)).toHaveText(['Événement de démarrage']);
  await page.getByRole('searchbox', { name: 'Recherche' }).fill('');
  await expect(titles(page)).toHaveCount(3);

  // Edit: the modal holds the event; a failed field keeps what was typed.
  await page.getByRole('button', { name: 'Modifier l’événement « Rencontre annuelle »' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier l’événement' });
  await expect(edit.getByRole('textbox', { name: 'Titre' })).toHaveValue('Rencontre annuelle');
  await expect(edit.getByRole('combobox', { name: 'Catégorie' })).toHaveValue('Financement');
  await edit.getByRole('textbox', { name: 'Titre' }).fill('');
  await edit.getByRole('textbox', { name: 'Notes' }).fill('Prêt renouvelé');
  await expect(edit.getByText('Champ obligatoire')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Titre' }).fill('Rencontre annuelle 2024');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('L’événement a été enregistré.')).toBeVisible();
  const renamed = page.getByTestId('event-item').filter({ hasText: 'Rencontre annuelle 2024' });
  await expect(renamed).toContainText('Prêt renouvelé');

  // Delete, with confirmation; cancelling keeps it.
  await page.getByRole('button', { name: 'Supprimer l’événement « Événement de démarrage »' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Supprimer l’événement « Événement de démarrage » ?');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(titles(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Supprimer l’événement « Événement de démarrage »' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer', exact: true }).click();
  await expect(page.getByText('L’événement a été supprimé.')).toBeVisible();
  await expect(titles(page)).toHaveText([`Entreprise « ${companyName} » créée`, 'Rencontre annuelle 2024']);

  // Archiving and restoring the company are recorded by the server; the title follows the reader's
  // language. (An archived company stops being current, docs/decisions/0017: it is restored to be read.)
  await callApi(page, 'DELETE', `/companies/${companyId}`);
  await callApi(page, 'POST', `/companies/${companyId}/restore`);
  await page.reload();
  await expect(titles(page).first()).toHaveText('Entreprise restaurée');
  await expect(titles(page).nth(1)).toHaveText('Entreprise archivée');
  await expect(page.getByTestId('event-item').first()).toContainText('Système');

  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Event history' })).toBeVisible();
  await expect(titles(page)).toHaveText([
    'Company restored',
    'Company archived',
    `Company “${companyName}” created`,
    'Rencontre annuelle 2024',
  ]);
  await expect(
    page.getByTestId('event-item').filter({ hasText: 'Rencontre annuelle 2024' }).locator('time'),
  ).toHaveText('March 12th');
  await expect(page.getByTestId('event-item').first()).toContainText('By Évariste Historien');
  await expectAccessible(page);

  // A long history comes in pages; "load more" works from the keyboard and lands on the first new event.
  for (let i = 1; i <= 30; i += 1) {
    await callApi(page, 'POST', `/companies/${companyId}/events`, {
      category_slug: 'followup',
      title: `Suivi ${String(i).padStart(2, '0')}`,
      date: `2010-01-${String(i).padStart(2, '0')}`,
    });
  }
  await page.reload();
  await expect(page.getByText('25 of 34 events shown')).toBeVisible();
  await expect(titles(page)).toHaveCount(25);
  await page.getByRole('button', { name: 'Load more events' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('34 of 34 events shown')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more events' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 3, name: 'Suivi 09' })).toBeFocused();
  await expectAccessible(page);
});

test('field-level history: a company save is one collapsed event whose changes open on demand, in both languages', async ({
  page,
}) => {
  const companyName = `Cidrerie du Verger ${Date.now()}`;
  await signInThroughApi(page, ACCOUNTS.events.email);
  await expect(page).toHaveURL(/\/companies/);
  const companyId = await createCurrentCompany(page, companyName);
  // The form sends back what it read, with a new name and an employee count.
  const company = (await callApi(page, 'GET', `/companies/${companyId}`)) as Record<string, unknown>;
  const {
    id: _i,
    reference_number: _r,
    avatar_url: _a,
    archived_at: _ar,
    inserted_at: _in,
    updated_at: _u,
    ...form
  } = company;
  await callApi(page, 'PATCH', `/companies/${companyId}`, {
    ...form,
    name: `${companyName} et fils`,
    employee_count: '1250',
  });

  await page.goto('/events');
  const changed = page.getByTestId('event-item').filter({ hasText: 'Entreprise modifiée : Nom, Nombre d’employés' });
  await expect(changed).toBeVisible();
  await expect(changed).toContainText('Par Évariste Historien');
  // Collapsed: one line and a disclosure button; the details open from the keyboard.
  const toggle = changed.getByRole('button', { name: 'Afficher les changements' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(changed.getByTestId('event-details')).toHaveCount(0);
  await expectAccessible(page);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(changed.getByRole('button', { name: 'Masquer les changements' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const details = changed.getByRole('table', { name: 'Changements enregistrés' });
  await expect(details.getByRole('row')).toHaveText([
    'ChampAvantAprès',
    `Nom${companyName}${companyName} et fils`,
    // French groups thousands with a (narrow) no-break space.
    /^Nombre d’employés\(vide\)1\s250$/,
  ]);
  await expectAccessible(page);

  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
  const changedEn = page.getByTestId('event-item').filter({ hasText: 'Company changed: Name, Number of employees' });
  await changedEn.getByRole('button', { name: 'Show the changes' }).click();
  await expect(changedEn.getByRole('button', { name: 'Hide the changes' })).toHaveAttribute('aria-expanded', 'true');
  await expect(changedEn.getByRole('table', { name: 'Changes recorded' }).getByRole('row')).toHaveText([
    'FieldBeforeAfter',
    `Name${companyName}${companyName} et fils`,
    'Number of employees(empty)1,250',
  ]);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});

import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { expect, expectAccessible, signIn, test } from './fixtures';

/** Names of this run, so a rerun against the same database never finds two cards with one name. */
const RUN = Date.now().toString(36);
const NAME = `Fromagerie Côte-Nord ${RUN}`;
const EDITED = `Fromagerie Côte-Nord inc. ${RUN}`;
const CONFLICT = `Conflit et fils ${RUN}`;
const OVERSEER = `${ACCOUNTS.companies.firstName} ${ACCOUNTS.companies.lastName}`;
/** Intl writes no-break spaces in French amounts: match any space. */
const amount = (text: string) => new RegExp(`^${text.replace(/ /g, '[\\s\\u00a0\\u202f]').replace(/\$/g, '\\$')}$`);

/** A small real PNG (a wide image, so the crop square is visibly narrower than it), made here. */
function pngImage(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows.set(x < width / 2 ? [200, 40, 40] : [30, 90, 200], at);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** GET /api/companies (the list), not the detail of one company. */
const isCompanyList = (url: URL) => url.pathname === '/api/companies';

/** Picks in a Mantine Select: the options are in a portal, outside the section the box is in. */
async function choose(scope: Locator, label: string, option: string, typed?: string) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  if (typed) await box.fill(typed);
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a complete company file: create with every part, current in the top bar, edit, archive, restore — in French and English', async ({
  page,
}) => {
  // One story through seven screens, each with an axe check of a long form: more than the default minute.
  test.setTimeout(150_000);
  // Onboarding: shown when there is no active company at all. The list answer is stubbed so that this
  // screen does not depend on what other specs created in the shared database.
  await page.route(isCompanyList, (route) =>
    route.fulfill({ json: { data: [], meta: { total_pages: 0, total_count: 0, page_number: 1, page_size: 10 } } }),
  );
  await signIn(page, ACCOUNTS.companies.email);
  await expect(page).toHaveURL(/\/companies$/);
  await expect(
    page.getByText('Sélectionnez d’abord une entreprise pour travailler sur ses documents et son historique.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bienvenue dans Atrium' })).toBeVisible();
  await expectAccessible(page);
  await page.unroute(isCompanyList);

  // The new-company form.
  await page.getByRole('link', { name: 'Créer la première entreprise' }).click();
  await expect(page).toHaveURL(/\/companies\/new$/);
  await expect(page.getByRole('heading', { name: 'Nouvelle entreprise', level: 1 })).toBeVisible();
  const save = page.getByRole('button', { name: 'Enregistrer' });
  await expect(save).toBeDisabled();
  await expectAccessible(page);

  // A field's message shows once it is touched.
  const identity = region(page, 'Entreprise');
  const name = identity.getByRole('textbox', { name: 'Nom' });
  await name.focus();
  await name.blur();
  await expect(identity.getByText('Champ obligatoire')).toBeVisible();
  await name.fill(NAME);
  await expect(identity.getByText('Champ obligatoire')).toHaveCount(0);

  // Avatar: choose, crop (keyboard), upload with progress.
  const chooser = page.waitForEvent('filechooser');
  await identity.getByRole('button', { name: 'Téléverser un logo' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngImage(120, 60) });
  const crop = page.getByRole('dialog', { name: 'Recadrer le logo' });
  await expect(crop.getByRole('img', { name: 'L’image choisie' })).toBeVisible();
  const square = crop.getByRole('application', { name: /Partie de l’image à conserver/ });
  await expect(square).toBeVisible();
  await expectAccessible(page);
  await square.focus();
  await page.keyboard.press('ArrowRight');
  await crop.getByRole('button', { name: 'Utiliser cette image' }).click();
  await expect(crop).toBeHidden();
  await expect(identity.getByRole('img', { name: 'Logo' })).toBeVisible();
  await expect(identity.getByRole('button', { name: 'Changer le logo' })).toBeVisible();

  // Address: the municipality (searched without accents) fills the empty zip code.
  const address = region(page, 'Adresse');
  await address.getByRole('textbox', { name: 'Adresse' }).fill('12, rue du Port');
  await choose(address, 'Municipalité', 'Rivière-du-Loup', 'riviere');
  await expect(address.getByRole('textbox', { name: 'Code postal' })).toHaveValue('G5R 3Y7');

  // Contact: the phone number is formatted 3-3-4 as it is typed, or pasted with the usual punctuation; its ten
  // digits are what is saved (third audit, finding 11).
  const contact = region(page, 'Coordonnées');
  await contact.getByRole('textbox', { name: 'Téléphone' }).fill('(418) 555.0199');
  await expect(contact.getByRole('textbox', { name: 'Téléphone' })).toHaveValue('418-555-0199');
  await contact.getByRole('textbox', { name: 'Courriel' }).fill('info@fromagerie-cote-nord.test');

  // Profile.
  const profile = region(page, 'Profil');
  await choose(profile, 'Forme juridique', 'Coopérative');
  await choose(profile, 'Secteur d’activité', 'Fabrication', 'fabri');
  await choose(profile, 'Statut', 'Client actif');
  await profile.getByRole('textbox', { name: 'Nombre d’employés' }).fill('12');
  const yearEnd = profile.getByRole('textbox', { name: 'Fin d’exercice financier' });
  await yearEnd.fill('3103');
  await yearEnd.blur();
  await expect(yearEnd).toHaveValue('31/03');
  await choose(profile, 'Responsable du dossier', OVERSEER);

  // One owner.
  const owners = region(page, 'Propriétaires');
  await expect(owners.getByText('Aucun propriétaire n’a été ajouté.')).toBeVisible();
  await owners.getByRole('button', { name: 'Ajouter un propriétaire' }).click();
  const owner = owners.getByRole('group', { name: 'Propriétaire 1' });
  await owner.getByRole('textbox', { name: 'Nom' }).fill('Marie Tremblay');
  await owner.getByRole('textbox', { name: 'Téléphone' }).pressSequentially('(418) 555.0123');
  await expect(owner.getByRole('textbox', { name: 'Téléphone' })).toHaveValue('418-555-0123');
  await owner.getByRole('textbox', { name: 'Actions (%)' }).fill('60.5');
  const ownerZip = owner.getByRole('textbox', { name: 'Code postal' });
  await ownerZip.fill('g5r3y7');
  await ownerZip.blur();
  await expect(ownerZip).toHaveValue('G5R 3Y7');
  await expect(owner.getByRole('textbox', { name: 'Actions (%)' })).toHaveValue('60,5');

  // Statements: one at a time; a new one is shown first.
  const statements = region(page, 'États financiers');
  await statements.getByRole('button', { name: 'Ajouter un état financier' }).click();
  await statements.getByRole('textbox', { name: 'Année' }).fill('2024');
  const sales = statements.getByRole('textbox', { name: 'Ventes' });
  await sales.fill('1234567,8');
  await sales.blur();
  await expect(sales).toHaveValue(amount('1 234 567,80'));
  await statements.getByRole('button', { name: 'Ajouter un état financier' }).click();
  await expect(statements.getByText('État financier 1 sur 2').first()).toBeVisible();
  await expect(statements.getByRole('textbox', { name: 'Année' })).toHaveValue('');
  await statements.getByRole('textbox', { name: 'Année' }).fill('2025');
  await statements.getByRole('button', { name: 'État financier suivant' }).click();
  await expect(statements.getByRole('textbox', { name: 'Année' })).toHaveValue('2024');
  await statements.getByRole('button', { name: 'État financier précédent' }).click();
  await expect(statements.getByRole('textbox', { name: 'Année' })).toHaveValue('2025');

  // One contribution.
  const contributions = region(page, 'Contributions financières');
  await contributions.getByRole('button', { name: 'Ajouter une contribution' }).click();
  const contribution = contributions.getByRole('group', { name: 'Contribution 1' });
  await choose(contribution, 'Fonds', 'Fonds local de solidarité (FLS)', 'solidarite');
  const contributionAmount = contribution.getByRole('textbox', { name: 'Montant' });
  await contributionAmount.fill('25000');
  await contributionAmount.blur();
  await expect(contributionAmount).toHaveValue(amount('25 000,00'));
  await contribution.getByRole('textbox', { name: 'Taux (%)' }).fill('4,5');
  await contribution.getByRole('textbox', { name: 'Amortissement (mois)' }).fill('60');
  await contribution.getByLabel('Date d’autorisation').fill('2025-03-01');

  // Two blocks, the second moved up: a new company starts with one notes block.
  const blocks = region(page, 'Notes');
  await blocks
    .getByRole('group', { name: 'Notes 1' })
    .getByRole('textbox', { name: 'Contenu' })
    .fill('Visite de l’usine prévue.');
  await blocks.getByRole('button', { name: 'Ajouter un défaut de paiement' }).click();
  const defaultBlock = blocks.getByRole('group', { name: 'Défaut de paiement 2' });
  await defaultBlock.getByRole('textbox', { name: 'Contenu' }).fill('Deux versements en retard.');
  await defaultBlock.getByRole('button', { name: 'Monter' }).click();
  await expect(blocks.getByRole('group', { name: 'Défaut de paiement 1' }).getByRole('textbox')).toHaveValue(
    'Deux versements en retard.',
  );
  await expect(blocks.getByRole('group', { name: 'Notes 2' }).getByRole('textbox')).toHaveValue(
    'Visite de l’usine prévue.',
  );
  // The focus stays on the block that moved, so it can be moved again from the keyboard.
  await expect(
    blocks.getByRole('group', { name: 'Défaut de paiement 1' }).getByRole('button', { name: 'Descendre' }),
  ).toBeFocused();
  await expectAccessible(page);

  // Save: back to the list, the new company is current and in the top bar.
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByText('L’entreprise a été créée. C’est maintenant votre entreprise courante.')).toBeVisible();
  await expect(page.getByTestId('topbar-company')).toContainText(NAME);
  const card = page.getByRole('article', { name: NAME, exact: true });
  await expect(card.getByText('Entreprise courante')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Sélectionner/ })).toBeDisabled();
  await expect(card.getByText('Client actif')).toBeVisible();
  await expectAccessible(page);

  // Everything came back from the server; then the edit, in English.
  await card.getByRole('link', { name: `Afficher ${NAME}` }).click();
  await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);
  await expect(region(page, 'Entreprise').getByRole('textbox', { name: 'Numéro de référence' })).toHaveValue(
    /^C-\d{4}-\d{6}$/,
  );
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  const company = region(page, 'Company');
  await expect(company.getByRole('img', { name: 'Logo' })).toBeVisible();
  await expect(region(page, 'Contact details').getByRole('textbox', { name: 'Phone number' })).toHaveValue(
    '418-555-0199',
  );
  await expect(region(page, 'Address').getByRole('combobox', { name: 'Municipality' })).toHaveValue('Rivière-du-Loup');
  await expect(region(page, 'Profile').getByRole('combobox', { name: 'Overseeing user' })).toHaveValue(OVERSEER);
  await expect(
    region(page, 'Owners').getByRole('group', { name: 'Owner 1' }).getByRole('textbox', { name: 'Shares (%)' }),
  ).toHaveValue('60.5');
  await expect(
    region(page, 'Owners').getByRole('group', { name: 'Owner 1' }).getByRole('textbox', { name: 'Phone number' }),
  ).toHaveValue('418-555-0123');
  const statementsEn = region(page, 'Financial statements');
  await expect(statementsEn.getByText('Statement 1 of 2').first()).toBeVisible();
  await expect(statementsEn.getByRole('textbox', { name: 'Year' })).toHaveValue('2025');
  await statementsEn.getByRole('button', { name: 'Next statement' }).click();
  await expect(statementsEn.getByRole('textbox', { name: 'Sales' })).toHaveValue('1,234,567.80');
  const contributionEn = region(page, 'Financial contributions').getByRole('group', { name: 'Contribution 1' });
  await expect(contributionEn.getByRole('textbox', { name: 'Amount' })).toHaveValue('25,000.00');
  await expect(contributionEn.getByLabel('Authorization date')).toHaveValue('March 1, 2025');
  const blocksEn = region(page, 'Notes');
  await expect(blocksEn.getByRole('group', { name: 'Default of payment 1' }).getByRole('textbox')).toHaveValue(
    'Deux versements en retard.',
  );
  await expect(blocksEn.getByRole('group', { name: 'Notes 2' }).getByRole('textbox')).toHaveValue(
    'Visite de l’usine prévue.',
  );
  await expectAccessible(page);

  await company.getByRole('textbox', { name: 'Name' }).fill(EDITED);
  // An English amount with grouping is read back as the same number.
  await statementsEn.getByRole('textbox', { name: 'Sales' }).fill('2,500,000.50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByText('The company was saved.')).toBeVisible();
  await expect(page.getByTestId('topbar-company')).toContainText(EDITED);
  const editedCard = page.getByRole('article', { name: EDITED, exact: true });
  await expect(editedCard.getByText('Current company')).toBeVisible();
  await expectAccessible(page);

  // Archive, with confirmation.
  await editedCard.getByRole('link', { name: `Show ${EDITED}` }).click();
  await expect(region(page, 'Financial statements').getByText('Statement 1 of 2').first()).toBeVisible();
  await region(page, 'Financial statements').getByRole('button', { name: 'Next statement' }).click();
  await expect(region(page, 'Financial statements').getByRole('textbox', { name: 'Sales' })).toHaveValue(
    '2,500,000.50',
  );
  await page.getByRole('button', { name: 'Archive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText(`Archive ${EDITED}?`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByText('The company was archived.')).toBeVisible();

  // Hidden from the list (searched without accents), shown with the archived filter.
  await page.getByRole('searchbox', { name: 'Search' }).fill(`fromagerie cote-nord inc. ${RUN}`);
  await expect(page).toHaveURL(/search=fromagerie/);
  await expect(page.getByRole('article', { name: EDITED, exact: true })).toHaveCount(0);
  await expect(page.getByText('No company matches your search.')).toBeVisible();
  await page.getByText('Archived companies').click();
  const archivedCard = page.getByRole('article', { name: EDITED, exact: true });
  await expect(archivedCard.getByText('Archived', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Restore, with confirmation: active again.
  await archivedCard.getByRole('link', { name: `Show ${EDITED}` }).click();
  await page.getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Restore' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByText('The company was restored.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`fromagerie cote-nord inc. ${RUN}`);
  await expect(page.getByRole('article', { name: EDITED, exact: true })).toBeVisible();
});

test('server refusals keep what was typed: a stale save (409) says so, field errors (422) land on their fields', async ({
  page,
  browser,
}) => {
  await signIn(page, ACCOUNTS.companies.email);
  await expect(page).toHaveURL(/\/companies$/);
  await page.getByRole('link', { name: 'Nouvelle entreprise' }).click();
  await region(page, 'Entreprise').getByRole('textbox', { name: 'Nom' }).fill(CONFLICT);
  await region(page, 'Adresse').getByRole('textbox', { name: 'Adresse' }).fill('1, rue Principale');
  await choose(region(page, 'Adresse'), 'Municipalité', 'Gaspé', 'gaspe');
  await choose(region(page, 'Profil'), 'Forme juridique', 'Coopérative');
  await choose(region(page, 'Profil'), 'Secteur d’activité', 'Construction', 'constr');
  await choose(region(page, 'Profil'), 'Statut', 'Prospect');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/companies$/);

  // Two tabs open the same company; the second one saves first.
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(CONFLICT);
  await page
    .getByRole('article', { name: CONFLICT, exact: true })
    .getByRole('link', { name: /^Afficher/ })
    .click();
  await expect(page.getByRole('heading', { name: CONFLICT, level: 1 })).toBeVisible();
  const other = await (await browser.newContext()).newPage();
  await signIn(other, ACCOUNTS.companies.email);
  await expect(other).toHaveURL(/\/companies$/);
  await other.goto(page.url());
  await region(other, 'Entreprise').getByRole('textbox', { name: 'Nom' }).fill(`Conflit et filles ${RUN}`);
  await other.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(other).toHaveURL(/\/companies$/);

  const name = region(page, 'Entreprise').getByRole('textbox', { name: 'Nom' });
  await name.fill('Conflit et associés');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Cette entreprise a changé entre-temps' })).toBeVisible();
  await expect(name).toHaveValue('Conflit et associés');
  await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);

  // Reloading shows the other save.
  await page.getByRole('button', { name: 'Recharger l’entreprise' }).click();
  await expect(name).toHaveValue(`Conflit et filles ${RUN}`);
  await other.context().close();

  // A 422 detail map goes onto the fields, nested paths included. Only the server knows some rules
  // (a fund that no longer exists, a user disabled meanwhile), so its answer is stubbed here.
  const message = 'Ce numéro est refusé par le serveur';
  await page.route(
    (url) => /^\/api\/companies\/[0-9a-f-]{36}$/.test(url.pathname),
    (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 422,
            json: {
              errors: {
                code: 'validation_failed',
                message: 'Certains champs sont invalides.',
                detail: { 'owners.0.phone_number': [message] },
              },
            },
          })
        : route.fallback(),
  );
  const owners = region(page, 'Propriétaires');
  await owners.getByRole('button', { name: 'Ajouter un propriétaire' }).click();
  const owner = owners.getByRole('group', { name: 'Propriétaire 1' });
  await owner.getByRole('textbox', { name: 'Nom' }).fill('Jeanne Roy');
  await owner.getByRole('textbox', { name: 'Téléphone' }).pressSequentially('4185550111');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(owner.getByText(message)).toBeVisible();
  await expect(owner.getByRole('textbox', { name: 'Téléphone' })).toHaveValue('418-555-0111');
  await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);

  // Removing a row hands the focus to its section, not back to the top of the page.
  await owner.getByRole('button', { name: 'Retirer ce propriétaire' }).click();
  await expect(owners.getByRole('heading', { name: 'Propriétaires' })).toBeFocused();
  await expect(owners.getByText('Aucun propriétaire n’a été ajouté.')).toBeVisible();
});

import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { currentLocale, i18n, setLocale, translateMessage, useTranslation } from '.';

function Probe() {
  const { t, i18n: hookI18n } = useTranslation();
  return (
    <p lang={hookI18n.language}>
      {t('common.rows', { rows: 25 })} /{' '}
      {
        // @ts-expect-error A key missing from the catalog fails the typecheck; should one arrive anyway, it reads as itself.
        t('no.such.key')
      }
    </p>
  );
}

describe('web translations', () => {
  it('re-render their components in the new language, and set <html lang> and the stored choice', async () => {
    await setLocale('fr');
    render(<Probe />);
    expect(screen.getByText('25 lignes / no.such.key')).toHaveAttribute('lang', 'fr');
    expect(document.documentElement.lang).toBe('fr');

    await act(() => setLocale('en'));
    expect(screen.getByText('25 rows / no.such.key')).toHaveAttribute('lang', 'en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('locale')).toBe('en');
    expect(currentLocale()).toBe('en');
  });

  it('translate outside components in the current language', async () => {
    await setLocale('fr');
    expect(i18n.t('errors.validations.required')).toBe('Champ obligatoire');
    await setLocale('en');
    expect(i18n.t('common.rows', { rows: 10 })).toBe('10 rows');
    // A value given as undefined reads as nothing, as with i18next; a missing one keeps its placeholder.
    expect(i18n.t('common.rows', { rows: undefined })).toBe(' rows');
    expect(i18n.t('common.rows')).toBe('{{rows}} rows');
  });

  it('read schema messages with their values and leave server messages as they are', async () => {
    await setLocale('en');
    expect(translateMessage('errors.validations.tooLong?max=100')).toBe('Must be at most 100 characters');
    // A feature's own key, as the shared schemas write them (the two-factor forms').
    expect(translateMessage('twoFactor.errors.codeFormat')).toBe('Enter the 6-digit code your app shows');
    expect(translateMessage('Déjà traduit par le serveur')).toBe('Déjà traduit par le serveur');
    expect(translateMessage(undefined)).toBeUndefined();
  });

  it("read a feature's or domain's own schema messages as keys, and anything else as already translated", async () => {
    await setLocale('en');
    expect(translateMessage('events.errors.systemCategory')).toBe(i18n.t('events.errors.systemCategory'));
    expect(translateMessage('events.errors.systemCategory')).not.toBe('events.errors.systemCategory');
    // Its values are taken off and the key read (here a key no part holds yet: it reads as itself).
    expect(translateMessage('servicing.errors.noSuchKey?max=3')).toBe('servicing.errors.noSuchKey');
    expect(translateMessage('Montant requis ? Oui.')).toBe('Montant requis ? Oui.');
  });
});

describe('catalog parts (docs/decisions/0030)', () => {
  /** The module as a fresh page has it: only the first-load part, in French. */
  async function freshPage() {
    vi.resetModules();
    localStorage.clear();
    return import('.');
  }

  it('are read once fetched, and a switch of language fetches each part asked for in the new language', async () => {
    const page = await freshPage();
    expect(page.i18n.t('companies.title')).toBe('companies.title');
    expect(page.i18n.t('auth.login.title')).toBe('Connexion');
    await page.loadMessages(['signedIn']);
    expect(page.i18n.t('companies.title')).toBe('Entreprises');
    await page.setLocale('en');
    expect(page.i18n.t('companies.title')).toBe('Companies');
    expect(page.i18n.t('auth.login.title')).toBe('Sign in');
  });

  it('asked for while the language changes, arrive in the language then shown', async () => {
    const page = await freshPage();
    const switching = page.setLocale('en');
    const loading = page.loadMessages(['signedIn']);
    await Promise.all([switching, loading]);
    expect(page.currentLocale()).toBe('en');
    expect(page.i18n.t('companies.title')).toBe('Companies');
    await page.setLocale('fr');
    expect(page.i18n.t('companies.title')).toBe('Entreprises');
  });
});

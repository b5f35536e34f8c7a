import { describe, expect, it } from 'vitest';
import { catalogParts, catalogs, leafKeys, translate } from '.';
import { DOMAINS } from './domains/names';

describe('catalogs', () => {
  it('have exactly the same keys in French and English, part by part', () => {
    for (const [name, part] of Object.entries(catalogParts)) {
      expect(leafKeys(part.fr).sort(), name).toEqual(leafKeys(part.en).sort());
    }
    expect(leafKeys(catalogs.fr).sort()).toEqual(leafKeys(catalogs.en).sort());
  });

  it('give each top-level key to one part, and each domain part its own name as its only key', () => {
    const owners = new Map<string, string>();
    for (const [name, part] of Object.entries(catalogParts)) {
      for (const key of Object.keys(part.en)) {
        expect(owners.get(key), `${key} is in ${owners.get(key)} and ${name}`).toBeUndefined();
        owners.set(key, name);
      }
    }
    for (const domain of DOMAINS) expect(Object.keys(catalogParts[domain]!.en), domain).toEqual([domain]);
  });

  it('have no empty message and the same placeholders in both languages', () => {
    for (const key of leafKeys(catalogs.en)) {
      const english = translate('en', key, {});
      const french = translate('fr', key, {});
      expect(english.trim(), key).not.toBe('');
      expect(french.trim(), key).not.toBe('');
      const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
      expect(placeholders(french), key).toEqual(placeholders(english));
    }
  });

  it('hold the exact docs/SPEC.md §8 messages', () => {
    expect(translate('en', 'auth.login.failure')).toBe('The credentials you provided were invalid. Please try again.');
    expect(translate('en', 'errors.generic')).toBe('An error occured, please try again later.');
    expect(translate('en', 'errors.validations.required')).toBe('Field is required');
    expect(translate('en', 'errors.notFound.title')).toBe('404 - Page not found');
    expect(translate('en', 'errors.unexpected.title')).toBe('Unexpected Application Error!');
  });

  it('interpolates values', () => {
    expect(translate('en', 'common.rows', { rows: 25 })).toBe('25 rows');
    expect(translate('fr', 'common.rows', { rows: 25 })).toBe('25 lignes');
  });

  it('read every part whole on the server: the signed-in screens and the server-only mails', () => {
    expect(translate('en', 'companies.title')).toBe('Companies');
    expect(translate('fr', 'companies.title')).toBe('Entreprises');
    expect(translate('en', 'mail.greeting')).toBe('Hello,');
    expect(translate('fr', 'mail.greeting')).toBe('Bonjour,');
  });
});

import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fr } from './fr';
import { leafKeys, translate } from '.';

describe('catalogs', () => {
  it('have exactly the same keys in French and English', () => {
    expect(leafKeys(fr).sort()).toEqual(leafKeys(en).sort());
  });

  it('have no empty message and the same placeholders in both languages', () => {
    for (const key of leafKeys(en)) {
      const english = translate('en', key, {});
      const french = translate('fr', key, {});
      expect(english.trim(), key).not.toBe('');
      expect(french.trim(), key).not.toBe('');
      const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
      expect(placeholders(french), key).toEqual(placeholders(english));
    }
  });

  it('hold the exact SPEC §8 messages', () => {
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
});

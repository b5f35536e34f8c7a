import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/constants';
import { SYSTEM_EVENTS, SYSTEM_EVENT_CODES } from '../../../shared/history';
import { formatMoney } from '../../../shared/intl';
import { renderSystemDetails, renderSystemTitle } from './render';

const nbsp = (s: string) => s.replace(/\s/g, ' ');

describe('renderSystemTitle', () => {
  it('writes each code in the reader’s language', () => {
    const status = { from: { fr: 'Prospect', en: 'Prospect' }, to: { fr: 'Client actif', en: 'Active client' } };
    expect(renderSystemTitle('statusChanged', status, 'en')).toBe('Status changed from Prospect to Active client');
    expect(renderSystemTitle('statusChanged', status, 'fr')).toBe('Statut changé de Prospect à Client actif');
    expect(renderSystemTitle('companyArchived', {}, 'fr')).toBe('Entreprise archivée');
    expect(renderSystemTitle('companyRestored', {}, 'en')).toBe('Company restored');
    expect(renderSystemTitle('documentAdded', { name: 'Bilan' }, 'fr')).toBe('Document « Bilan » ajouté');
    expect(renderSystemTitle('overseeingUserChanged', { from: null, to: 'Ana Roy' }, 'fr')).toBe(
      'Responsable du dossier changé de personne à Ana Roy',
    );
  });

  it('formats amounts in the reader’s locale, and leaves them out when there is none', () => {
    const fund = { fr: 'Fonds local', en: 'Local fund' };
    expect(renderSystemTitle('contributionAdded', { fund, amount: 1234.5 }, 'en')).toBe(
      'Financial contribution added: Local fund, $1,234.50',
    );
    expect(nbsp(renderSystemTitle('contributionRemoved', { fund, amount: 1234.5 }, 'fr'))).toBe(
      'Contribution financière retirée : Fonds local, 1 234,50 $',
    );
    expect(renderSystemTitle('contributionAdded', { fund, amount: null }, 'en')).toBe(
      'Financial contribution added: Local fund',
    );
    expect(nbsp(formatMoney(50000, 'fr'))).toBe('50 000,00 $');
  });

  it('still renders rows whose parameters are missing or of another shape, and unknown codes', () => {
    expect(renderSystemTitle('statusChanged', null, 'en')).toBe('Status set to unknown');
    expect(renderSystemTitle('companyCreated', { name: 42 }, 'fr')).toBe('Entreprise « inconnu » créée');
    expect(renderSystemTitle('contributionAdded', { fund: 'FLI', amount: 'x' }, 'en')).toBe(
      'Financial contribution added: FLI',
    );
    expect(renderSystemTitle('somethingNew', {}, 'en')).toBe('Change recorded by the application');
  });
});

describe('every declared system event (docs/decisions/0031)', () => {
  it('has a title in both languages, from messages that exist, even from a row that kept nothing', () => {
    const unknownCode = {
      fr: renderSystemTitle('noSuchCode', {}, 'fr'),
      en: renderSystemTitle('noSuchCode', {}, 'en'),
    };
    for (const code of SYSTEM_EVENT_CODES) {
      for (const locale of LOCALES) {
        const title = renderSystemTitle(code, {}, locale);
        expect(title, `${code} in ${locale}`).not.toBe(unknownCode[locale]);
        // A message missing from the catalog reads as its key: `servicing.history.loanDisbursed`.
        expect(title, `${code} in ${locale}`).not.toMatch(/\b[a-z]\w*\.[a-z]\w*\.\w+/);
        expect(title, `${code} in ${locale}`).not.toContain('{{');
      }
    }
  });

  it('has details exactly when it declares field-level changes', () => {
    const changes = [{ field: 'history.document.name', before: null, after: { kind: 'text', value: 'Bilan' } }];
    for (const code of SYSTEM_EVENT_CODES) {
      const details = renderSystemDetails(code, { changes }, 'en');
      if (SYSTEM_EVENTS[code].details === 'changes')
        expect(details, code).toEqual([{ field: 'Name', before: '(empty)', after: 'Bilan' }]);
      else expect(details, code).toBeNull();
    }
  });
});

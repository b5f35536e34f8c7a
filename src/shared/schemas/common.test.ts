import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { translate } from '../i18n';
import { accountSchema } from './auth';
import { parseMessage } from './common';
import { companySchema, companyUpdateSchema } from './company';
import { FIXTURE_ID, validCompanyValues } from '../test/company-fixture';
import { documentFieldsSchema } from './document';
import { eventSchema } from './event';
import { inviteSchema, userEditSchema } from './users';

const ID = FIXTURE_ID;
const validCompany = () => validCompanyValues() as Record<string, unknown>;

/** A copy of `base` with `a.b.0.c` set to `value`. */
function withValue(base: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const root = structuredClone(base);
  const keys = path.split('.');
  let node = root;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return root;
}

/** The messages of one field, in one language, as the form and the API show them. */
function messagesOf(schema: z.ZodType, input: unknown, path: string, locale: 'en' | 'fr' = 'en'): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => issue.path.join('.') === path)
    .map((issue) => {
      const { key, params } = parseMessage(issue.message);
      return translate(locale, key, params);
    });
}

const event = { categorySlug: 'funding', title: 'Prêt accordé', date: '2026-11-23', notes: '' };
const documentFields = { name: 'Bilan 2025', date: '2026-11-23', categoryId: ID };
const user = { firstName: 'Marie', lastName: 'Tremblay', role: 'user' };
const account = { locale: 'fr', email: 'marie@example.ca', firstName: 'Marie', lastName: 'Tremblay' };

describe('wrong values say what is wrong; "required" only when absent or blank', () => {
  const cases: Array<[string, z.ZodType, Record<string, unknown>, string, unknown, string, string]> = [
    [
      'a role not among the roles',
      inviteSchema,
      { email: 'a@b.ca' },
      'role',
      'root',
      'Not a valid choice',
      'Choix non valide',
    ],
    ['a role sent as a number', userEditSchema, user, 'role', 1, 'Not a valid choice', 'Choix non valide'],
    [
      'a block type not among the types',
      companySchema,
      validCompany(),
      'blocks.0.blockType',
      'evil',
      'Not a valid choice',
      'Choix non valide',
    ],
    [
      'a zip code sent as a number',
      companySchema,
      validCompany(),
      'address.zipCode',
      12345,
      'Must be text',
      'Doit être du texte',
    ],
    [
      'an owner’s zip code sent as a number',
      companySchema,
      validCompany(),
      'owners.0.zipCode',
      12345,
      'Must be text',
      'Doit être du texte',
    ],
    ['a name sent as a number', companySchema, validCompany(), 'name', 42, 'Must be text', 'Doit être du texte'],
    [
      'a municipality sent as a number',
      companySchema,
      validCompany(),
      'address.municipalityId',
      7,
      'Must be text',
      'Doit être du texte',
    ],
    [
      'an email sent as a boolean',
      companySchema,
      validCompany(),
      'emailAddress',
      true,
      'Must be text',
      'Doit être du texte',
    ],
    ['owners sent as text', companySchema, validCompany(), 'owners', 'Marie', 'Must be a list', 'Doit être une liste'],
    [
      'a lock version sent as text',
      companyUpdateSchema,
      { ...validCompany(), lockVersion: 0 },
      'lockVersion',
      '3',
      'Must be a number',
      'Doit être un nombre',
    ],
    ['an event title sent as a list', eventSchema, event, 'title', ['x'], 'Must be text', 'Doit être du texte'],
    ['an event category sent as a number', eventSchema, event, 'categorySlug', 3, 'Must be text', 'Doit être du texte'],
    [
      'a document date sent as a number',
      documentFieldsSchema,
      documentFields,
      'date',
      20261123,
      'Must be text',
      'Doit être du texte',
    ],
    [
      'an account language not among the languages',
      accountSchema,
      account,
      'locale',
      'de',
      'Not a valid choice',
      'Choix non valide',
    ],
  ];
  it.each(cases)('%s', (_name, schema, base, path, value, english, french) => {
    const input = withValue(base, path, value);
    expect(messagesOf(schema, input, path, 'en')).toEqual([english]);
    expect(messagesOf(schema, input, path, 'fr')).toEqual([french]);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['blank', '  '],
  ])('a %s required value is "required"', (_name, value) => {
    expect(messagesOf(inviteSchema, { email: 'a@b.ca', role: value }, 'role')).toEqual(['Field is required']);
    expect(messagesOf(companySchema, withValue(validCompany(), 'name', value), 'name')).toEqual(['Field is required']);
    expect(messagesOf(companySchema, withValue(validCompany(), 'address.zipCode', value), 'address.zipCode')).toEqual([
      'Field is required',
    ]);
    expect(messagesOf(eventSchema, { ...event, title: value }, 'title', 'fr')).toEqual(['Champ obligatoire']);
  });
});

describe('single-line fields refuse line breaks and control characters', () => {
  const singleLineFields: Array<[string, z.ZodType, Record<string, unknown>, string]> = [
    ['company name', companySchema, validCompany(), 'name'],
    ['company street address', companySchema, validCompany(), 'address.address'],
    ['owner name', companySchema, validCompany(), 'owners.0.name'],
    ['owner city', companySchema, validCompany(), 'owners.0.city'],
    ['project name', companySchema, validCompany(), 'financialContributions.0.projectName'],
    ['event title', eventSchema, event, 'title'],
    ['document name', documentFieldsSchema, documentFields, 'name'],
    ['user first name', userEditSchema, user, 'firstName'],
    ['account last name', accountSchema, account, 'lastName'],
    ['account city', accountSchema, account, 'city'],
  ];
  const breaks = ['Deux\nlignes', 'Tab\there', 'Retour\rchariot', 'Cloche\u0007', 'Sép\u2028aration', 'C1\u0085ligne'];

  it.each(singleLineFields)('%s', (_name, schema, base, path) => {
    for (const text of breaks) {
      expect(messagesOf(schema, withValue(base, path, text), path), JSON.stringify(text)).toEqual([
        'Must fit on one line, without line breaks or control characters',
      ]);
    }
    expect(messagesOf(schema, withValue(base, path, 'Deux\nlignes'), path, 'fr')).toEqual([
      'Doit tenir sur une seule ligne, sans saut de ligne ni caractère de contrôle',
    ]);
    // Accents, apostrophes and emoji are ordinary characters; line breaks around the text are trimmed away.
    expect(schema.safeParse(withValue(base, path, '\n  Société d’Érable 🍁 \n')).success).toBe(true);
  });

  // Third audit, finding 10: the bidirectional embeddings, overrides and isolates make "Facture_\u202Efdp.exe"
  // read as "Facture_exe.pdf" in a list.
  const bidi = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

  it.each(singleLineFields)(
    '%s refuses bidirectional override characters like the control characters',
    (_n, schema, base, path) => {
      for (const character of bidi) {
        const text = `Facture_${character}fdp.exe`;
        expect(messagesOf(schema, withValue(base, path, text), path), JSON.stringify(text)).toEqual([
          'Must fit on one line, without line breaks or control characters',
        ]);
      }
      expect(messagesOf(schema, withValue(base, path, 'Nom \u202Eesrever'), path, 'fr')).toEqual([
        'Doit tenir sur une seule ligne, sans saut de ligne ni caractère de contrôle',
      ]);
      // Right-to-left text itself is welcome: Arabic and Hebrew names, and the marks (U+200E, U+200F) around them.
      expect(schema.safeParse(withValue(base, path, 'مطبعة الشمال \u200Fשלום')).success).toBe(true);
    },
  );

  it('free-text fields keep their line breaks', () => {
    const notes = 'Première ligne\nDeuxième ligne\n\tTroisième';
    expect(eventSchema.parse({ ...event, notes }).notes).toBe(notes);
    const company = companySchema.parse(withValue(validCompany(), 'blocks.0.content', notes));
    expect(company.blocks[0]?.content).toBe(notes);
  });
});

describe('website is an http(s) address', () => {
  it.each(['https://acme.ca', 'http://www.acme.ca/contact?lang=fr', 'HTTPS://ACME.CA'])('accepts %s', (website) => {
    expect(companySchema.parse(withValue(validCompany(), 'website', ` ${website} `)).website).toBe(website);
  });

  it.each(['javascript:alert(1)', 'ftp://acme.ca', 'www.acme.ca', 'acme', 'https://', 'mailto:info@acme.ca'])(
    'refuses %s, in both languages',
    (website) => {
      const input = withValue(validCompany(), 'website', website);
      expect(messagesOf(companySchema, input, 'website')).toEqual([
        'Must be a web address starting with http:// or https://',
      ]);
      expect(messagesOf(companySchema, input, 'website', 'fr')).toEqual([
        'Doit être une adresse Web commençant par http:// ou https://',
      ]);
    },
  );

  it('blank is no website', () => {
    expect(companySchema.parse(withValue(validCompany(), 'website', '  ')).website).toBeNull();
  });
});

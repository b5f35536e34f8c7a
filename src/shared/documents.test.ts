import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_UPLOAD_BYTES } from './constants';
import { foldText, formatFileSize, groupDocuments, highlightRanges, initialOf } from './documents';
import { documentCreateSchema, documentFileProblem, documentFormSchema } from './schemas/document';
import { translate } from './i18n';
import { parseMessage } from './schemas/common';

const marked = (text: string, search: string) =>
  highlightRanges(text, search).map(([start, end]) => text.slice(start, end));

describe('accent folding and highlight', () => {
  it('folds like f_search_text: accents, case, ligatures', () => {
    expect(foldText('École Œuvre Straße ÇA')).toBe('ecole oeuvre strasse ca');
  });

  it('marks accent-insensitive matches in the original text', () => {
    expect(marked('École des métiers', 'ecole')).toEqual(['École']);
    expect(marked('Rapport ÉCOLE et école', 'Ecole')).toEqual(['ÉCOLE', 'école']);
    expect(marked('École des métiers', 'metiers ecole')).toEqual(['École', 'métiers']);
    expect(marked('Cœur de ville', 'coeur')).toEqual(['Cœur']);
    expect(marked('abc', '')).toEqual([]);
    expect(marked('aaaa', 'aa')).toEqual(['aaaa']);
  });

  it('keeps offsets right after characters that are two UTF-16 units', () => {
    expect(marked('📄 Été 2025', 'ete')).toEqual(['Été']);
  });

  it.each([
    // A one-letter word marks a word it starts, never the letter inside a word (ADR 0022).
    ['Atelier B', 'atelier b', ['Atelier', 'B']],
    ['Boulangerie Bébé', 'b', ['B', 'B']],
    ['Cabinet Robert', 'b', []],
    ['Atelier-B inc.', 'b', ['B']],
    ['L’Érablière', 'e', ['É']],
    ['2 Frères', '2', ['2']],
    ['Lot 12', '2', []],
    // Longer words mark wherever they are, accents and case aside: the lists match them as parts.
    ['Café Montréal', 'montreal', ['Montréal']],
    ['MONTRÉAL-NORD', 'treal', ['TRÉAL']],
    ['Cabinet Robert', 'ob', ['ob']],
  ])('marks in %j for %j: %j', (text, search, expected) => {
    expect(marked(text, search)).toEqual(expected);
  });

  it('never marks a one-letter word inside a word, and marks each word that starts with it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('b', 'a', 'é', ' ', '-', 'B', 'x'), { maxLength: 30 }),
        fc.constantFrom('b', 'a', 'e'),
        (chars, letter) => {
          const text = chars.join('');
          const ranges = highlightRanges(text, letter);
          const starts = Array.from(text)
            .map((_, at) => at)
            .filter((at) => foldText(text[at]!) === letter && (at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1]!)));
          expect(ranges).toEqual(starts.map((at) => [at, at + 1]));
        },
      ),
    );
  });
});

describe('groups', () => {
  const doc = (name: string, date = '2025-01-01', insertedAt = '2025-06-01T12:00:00Z') => ({ name, date, insertedAt });

  it('by folded first letter for the name sort; digits and signs under #', () => {
    expect(initialOf('École')).toBe('E');
    expect(initialOf('  élan')).toBe('E');
    expect(initialOf('2024 bilan')).toBe('#');
    const groups = groupDocuments([doc('avis'), doc('Bilan'), doc('École'), doc('ecole'), doc('zèbre')], 'name');
    expect(groups.map((g) => [g.key, g.documents.length])).toEqual([
      ['A', 1],
      ['B', 1],
      ['E', 2],
      ['Z', 1],
    ]);
  });

  it('by year of the date, or of the upload', () => {
    const list = [doc('a', '2025-03-01'), doc('b', '2025-01-01'), doc('c', '2023-12-31')];
    expect(groupDocuments(list, '-date').map((g) => g.key)).toEqual(['2025', '2023']);
    expect(groupDocuments([doc('a', '2020-01-01', '2024-05-05T10:00:00Z')], '-insertedAt')[0]!.key).toBe('2024');
  });
});

describe('file sizes in the reader’s units', () => {
  it('formats like "1,2 Mo" and "1.2 MB"', () => {
    const size = Math.round(1.2 * 1024 * 1024);
    expect(formatFileSize(size, 'fr')).toBe('1,2 Mo');
    expect(formatFileSize(size, 'en')).toBe('1.2 MB');
    expect(formatFileSize(MAX_UPLOAD_BYTES, 'fr')).toBe('10 Mo');
    expect(formatFileSize(MAX_UPLOAD_BYTES, 'en')).toBe('10 MB');
    expect(formatFileSize(512, 'fr')).toBe('512 o');
    expect(formatFileSize(2048, 'en')).toBe('2 KB');
    expect(formatFileSize(15.6 * 1024 * 1024, 'en')).toBe('15.6 MB');
    expect(formatFileSize(150.2 * 1024 * 1024, 'fr')).toBe('151 Mo');
  });

  it('never rounds a size down to the limit it is over', () => {
    expect(formatFileSize(Math.round(10.4 * 1024 * 1024), 'fr')).toBe('10,4 Mo');
    expect(formatFileSize(Math.round(10.4 * 1024 * 1024), 'en')).toBe('10.4 MB');
    expect(formatFileSize(MAX_UPLOAD_BYTES + 1, 'fr')).toBe('10,1 Mo');
    expect(formatFileSize(MAX_UPLOAD_BYTES + 1, 'en')).toBe('10.1 MB');
  });
});

describe('document rules (docs/SPEC.md §5)', () => {
  const message = (raw: string | undefined, locale: 'en' | 'fr' = 'en') => {
    const { key, params } = parseMessage(raw ?? '');
    return translate(locale, key, params);
  };

  it('a file: at most 10 MB (with the max in the reader’s units), then PDF or JPEG listing both', () => {
    expect(documentFileProblem({ size: 1000, type: 'application/pdf' }, 'en')).toBeUndefined();
    expect(documentFileProblem({ size: 1000, type: 'image/jpeg' }, 'en')).toBeUndefined();
    expect(message(documentFileProblem({ size: MAX_UPLOAD_BYTES + 1, type: 'application/pdf' }, 'en'))).toBe(
      'The file must be at most 10 MB',
    );
    expect(message(documentFileProblem({ size: 11 * 1024 * 1024, type: 'image/png' }, 'fr'), 'fr')).toBe(
      'Le fichier doit faire au plus 10 Mo',
    );
    expect(message(documentFileProblem({ size: 10, type: 'image/png' }, 'en'))).toBe(
      'The file must be one of: application/pdf, image/jpeg',
    );
    expect(message(documentFileProblem({ size: 10, type: '' }, 'en'))).toBe(
      'The file must be one of: application/pdf, image/jpeg',
    );
  });

  it('the modal: name, date and category required; a file only when new', () => {
    const empty = { name: '', date: '', categoryId: null, file: null };
    const newResult = documentFormSchema('en', 'new').safeParse(empty);
    expect(newResult.success).toBe(false);
    const fields = newResult.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['name', 'errors.validations.required'],
        ['date', 'errors.validations.required'],
        ['categoryId', 'errors.validations.required'],
        ['file', 'errors.validations.required'],
      ]),
    );
    const edit = documentFormSchema('en', 'edit').safeParse({
      name: 'Bilan',
      date: '2025-01-31',
      categoryId: '0b9f8a34-3b1e-4c55-9a53-6c2ad0f6b6a1',
    });
    expect(edit.success).toBe(true);
  });

  it('the API payload: the declared size and type are checked too', () => {
    const base = {
      name: 'Bilan',
      date: '2025-01-31',
      categoryId: '0b9f8a34-3b1e-4c55-9a53-6c2ad0f6b6a1',
      fileName: '0b9f8a34-3b1e-4c55-9a53-6c2ad0f6b6a1.pdf',
    };
    expect(documentCreateSchema('en').safeParse({ ...base, fileType: 'application/pdf', fileSize: 10 }).success).toBe(
      true,
    );
    const bad = documentCreateSchema('fr').safeParse({
      ...base,
      fileType: 'application/zip',
      fileSize: 11 * 1024 * 1024,
    });
    expect(bad.error!.issues.map((i) => message(i.message, 'fr'))).toEqual([
      'Le fichier doit être de l’un de ces types : application/pdf, image/jpeg',
      'Le fichier doit faire au plus 10 Mo',
    ]);
  });
});

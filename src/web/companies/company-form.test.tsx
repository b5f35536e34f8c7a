import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../test/render';
import { setLocale, i18n } from '../i18n';
import { COMPANY_FIELDS } from '../../shared/schemas/company';
import { CompanyForm } from './company-form';

/*
 * The form places each field of the company's field map (docs/decisions/0031): a field added to the map and its
 * column, but not to the form, is named here — the typecheck names every other place.
 */

beforeEach(() => {
  // jsdom has no FontFaceSet; the presentation's autosizing textareas listen to it.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ data: [], meta: {} }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the company form', () => {
  it.each(['fr', 'en'] as const)('has an input for every field of the company in %s', async (locale) => {
    await setLocale(locale);
    renderWithApp(<CompanyForm company={null} />);
    await screen.findAllByLabelText(i18n.t('companies.form.fields.name'), { exact: false });
    const missing = Object.entries(COMPANY_FIELDS)
      .flatMap(([key, spec]) =>
        spec.history === null ? [] : [{ key, label: i18n.t(spec.label), file: spec.form === 'file' }],
      )
      // A file is chosen with a button under the field's name; every other field is an input named by its label.
      .filter(({ label, file }) =>
        file
          ? screen.queryAllByText(label).length === 0
          : screen.queryAllByLabelText(label, { exact: false }).length === 0,
      )
      .map(({ key, label }) => `${key} (${label})`);
    expect(missing).toEqual([]);
  });
});

import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../test/render';
import { setLocale } from '../i18n';
import { AmendmentForm, DisbursementForm } from './entry-forms';

/*
 * A disbursement's and an amendment's forms (docs/decisions/0038): what can still be paid out, the field each kind
 * of amendment reads, the shared schema's messages as the user types, in the user's language, and nothing posted
 * until the entry is valid.
 */

const COMPANY = '33333333-3333-4333-8333-333333333333';
const LOAN = '44444444-4444-4444-8444-444444444444';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ data: { id: 'd1' }, meta: {} }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});
afterAll(() => setLocale('fr'));

function renderForm() {
  const onDone = vi.fn();
  const view = renderWithApp(
    <DisbursementForm
      target={{ companyId: COMPANY, contributionId: LOAN }}
      onDone={onDone}
      onCancel={vi.fn()}
      available={5000}
    />,
  );
  return { onDone, form: view.container.querySelector('form')! };
}

const field = (form: HTMLElement, name: RegExp) => within(form).getByRole('textbox', { name });

describe('DisbursementForm', () => {
  it('says how much is left to pay out', async () => {
    await setLocale('en');
    const { form } = renderForm();
    expect(form).toHaveTextContent('At most $5,000.00 is left to pay out on this loan.');
  });

  it('says it in French', async () => {
    await setLocale('fr');
    const { form } = renderForm();
    expect(form).toHaveTextContent(/Il reste au plus 5\s000,00\s\$ à décaisser sur ce prêt\./);
  });

  it('refuses an empty day and an amount of nothing, under each field, and posts nothing', async () => {
    await setLocale('en');
    const { form } = renderForm();
    await userEvent.clear(field(form, /Date/));
    await userEvent.type(field(form, /Amount/), '0');
    await userEvent.tab();
    await waitFor(() => expect(field(form, /Amount/)).toHaveAttribute('aria-invalid', 'true'));
    expect(field(form, /Amount/)).toHaveAccessibleDescription(/Must be at least/);
    expect(field(form, /Date/)).toHaveAccessibleDescription(/Field is required/);
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts a valid disbursement in snake_case once its amount is unambiguous, and is done', async () => {
    await setLocale('en');
    const { form, onDone } = renderForm();
    await userEvent.clear(field(form, /Date/));
    await userEvent.type(field(form, /Date/), '2026-03-02');
    // "2,500" alone is ambiguous (a decimal comma, or English grouping): the schema refuses it, nothing is sent.
    await userEvent.type(field(form, /Amount/), '2,500');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(field(form, /Amount/)).toHaveAccessibleDescription(/Must be a valid money number/));
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.clear(field(form, /Amount/));
    await userEvent.type(field(form, /Amount/), '2500');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(new RegExp(`^/api/companies/${COMPANY}/financial_contributions/${LOAN}/disbursements`));
    expect(JSON.parse(String(init.body))).toMatchObject({ date: '2026-03-02', amount: 2500, method: 'eft' });
  });
});

describe('AmendmentForm', () => {
  function renderAmendment() {
    const onDone = vi.fn();
    const view = renderWithApp(
      <AmendmentForm target={{ companyId: COMPANY, contributionId: LOAN }} onDone={onDone} onCancel={vi.fn()} />,
    );
    return { onDone, form: view.container.querySelector('form')! };
  }

  it('asks for months, and for the new rate once the kind is a rate change, explaining the kind chosen', async () => {
    await setLocale('en');
    const { form } = renderAmendment();
    expect(form).toHaveTextContent('Interest-only installments inserted; the loan is that many months longer.');
    expect(field(form, /Months/)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('combobox', { name: /Kind/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Rate change', hidden: true }));
    await waitFor(() => expect(field(form, /New annual rate/)).toBeInTheDocument());
    expect(within(form).queryByRole('textbox', { name: /Months/ })).toBeNull();
    expect(form).toHaveTextContent('The new rate from that installment on; the payment is computed again.');
  });

  it('refuses an amendment without its months, under the field, and posts nothing', async () => {
    await setLocale('en');
    const { form } = renderAmendment();
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(field(form, /Months/)).toHaveAttribute('aria-invalid', 'true'));
    expect(field(form, /Months/)).toHaveAccessibleDescription(/Field is required/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

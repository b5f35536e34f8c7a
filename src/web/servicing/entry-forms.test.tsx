import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../test/render';
import { setLocale } from '../i18n';
import { todayIso } from '../../shared/portfolio/schedule';
import { RepaymentForm } from './entry-forms';

/*
 * The servicing forms' behaviour (docs/decisions/0038): the shared schema as the user types, the server's 422
 * under each field, anything else in the form's alert, and nothing typed lost on a refusal.
 */

const COMPANY = '33333333-3333-4333-8333-333333333333';
const LOAN = '44444444-4444-4444-8444-444444444444';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Response;

beforeEach(async () => {
  await setLocale('en');
  answer = () => json(201, { data: { id: 'r1' }, meta: {} });
  fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm({ writtenOff = false } = {}) {
  const onDone = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithApp(
    <RepaymentForm
      target={{ companyId: COMPANY, contributionId: LOAN }}
      onDone={onDone}
      onCancel={onCancel}
      payoff={1223.05}
      writtenOff={writtenOff}
    />,
  );
  const form = view.container.querySelector('form')!;
  return { onDone, onCancel, form, unmount: view.unmount };
}

const field = (form: HTMLElement, name: RegExp) => within(form).getByRole('textbox', { name });

describe('RepaymentForm', () => {
  it('says what is wrong as the user types, and posts nothing', async () => {
    const { form } = renderForm();
    await userEvent.type(field(form, /Amount/), '-5');
    await userEvent.tab();
    await waitFor(() => expect(field(form, /Amount/)).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the repayment in snake_case to the loan and is done', async () => {
    const { form, onDone } = renderForm();
    await userEvent.clear(field(form, /Received on/));
    await userEvent.type(field(form, /Received on/), '2026-02-15');
    await userEvent.type(field(form, /Amount/), '1,033.33');
    await userEvent.type(field(form, /Reference/), 'PAD-7');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(new RegExp(`^/api/companies/${COMPANY}/financial_contributions/${LOAN}/repayments`));
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toMatchObject({
      received_on: '2026-02-15',
      amount: 1033.33,
      method: 'pad',
      reference: 'PAD-7',
      kind: 'regular',
    });
  });

  it('refuses a day after today under its field, in both languages, and posts nothing', async () => {
    const later = todayIso(new Date(Date.now() + 18 * 86_400_000));
    for (const [locale, message] of [
      ['en', /a repayment is money already received/i],
      ['fr', /un remboursement est de l’argent déjà reçu/i],
    ] as const) {
      await setLocale(locale);
      const { form, unmount } = renderForm();
      const day = within(form).getAllByRole('textbox')[0]!;
      await userEvent.clear(day);
      await userEvent.type(day, later);
      await userEvent.type(field(form, locale === 'en' ? /Amount/ : /Montant/), '100');
      await userEvent.click(within(form).getByRole('button', { name: locale === 'en' ? 'Record' : 'Inscrire' }));
      await waitFor(() => expect(day).toHaveAccessibleDescription(message));
      expect(fetchMock).not.toHaveBeenCalled();
      unmount();
    }
  });

  it('is a recovery by default on a written-off loan', async () => {
    const { form, onDone } = renderForm({ writtenOff: true });
    await userEvent.type(field(form, /Amount/), '250');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ amount: 250, kind: 'recovery' });
  });

  it('puts a 422 under its fields and keeps everything typed', async () => {
    const payoff = 'At most $1,223.05: the payoff amount on this day.';
    answer = () =>
      json(422, {
        errors: {
          code: 'validation_failed',
          message: 'Some fields are invalid.',
          detail: { amount: [payoff], received_on: ['Before the first disbursement.'] },
        },
      });
    const { form, onDone } = renderForm();
    await userEvent.type(field(form, /Amount/), '5000');
    await userEvent.type(field(form, /Reference/), 'PAD-8');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(field(form, /Amount/)).toHaveAccessibleDescription(payoff));
    expect(field(form, /Received on/)).toHaveAccessibleDescription(/Before the first disbursement\./);
    expect(field(form, /Amount/)).toHaveValue('5,000.00');
    expect(field(form, /Reference/)).toHaveValue('PAD-8');
    expect(onDone).not.toHaveBeenCalled();
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('says a refusal about no field in its alert, and keeps what was typed', async () => {
    answer = () =>
      json(409, { errors: { code: 'conflict', message: 'This loan was written off meanwhile.', detail: {} } });
    const { form, onDone } = renderForm();
    await userEvent.type(field(form, /Amount/), '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This loan was written off meanwhile.');
    expect(field(form, /Amount/)).toHaveValue('100');
    expect(onDone).not.toHaveBeenCalled();
  });
});

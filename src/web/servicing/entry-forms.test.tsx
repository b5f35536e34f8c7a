import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../test/render';
import { setLocale } from '../i18n';
import { todayIso } from '../../shared/portfolio/schedule';
import { RepaymentForm, repaymentOwed, type RepaymentOwed } from './entry-forms';

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

function renderForm({ writtenOff = false, owed = null as RepaymentOwed | null } = {}) {
  const onDone = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithApp(
    <RepaymentForm
      target={{ companyId: COMPANY, contributionId: LOAN }}
      onDone={onDone}
      onCancel={onCancel}
      payoff={1223.05}
      owed={owed}
      writtenOff={writtenOff}
    />,
  );
  const form = view.container.querySelector('form')!;
  return { onDone, onCancel, form, unmount: view.unmount };
}

const field = (form: HTMLElement, name: RegExp) => within(form).getByRole('textbox', { name });

/** The payment mode, chosen: the form assumes none. */
async function chooseMethod(form: HTMLElement, label: string) {
  await userEvent.click(within(form).getByRole('combobox', { name: /Method|Mode/ }));
  // Mantine's dropdown is still in its opening transition in jsdom: its options count as hidden.
  await userEvent.click(await screen.findByRole('option', { name: label, hidden: true }));
}

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
    await chooseMethod(form, 'Pre-authorized debit');
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
      await chooseMethod(form, locale === 'en' ? 'Cash' : 'Comptant');
      await userEvent.click(within(form).getByRole('button', { name: locale === 'en' ? 'Record' : 'Inscrire' }));
      await waitFor(() => expect(day).toHaveAccessibleDescription(message));
      expect(fetchMock).not.toHaveBeenCalled();
      unmount();
    }
  });

  it('is a recovery by default on a written-off loan', async () => {
    const { form, onDone } = renderForm({ writtenOff: true });
    await userEvent.type(field(form, /Amount/), '250');
    await chooseMethod(form, 'Cheque');
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
    await chooseMethod(form, 'Pre-authorized debit');
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
    await chooseMethod(form, 'Cash');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This loan was written off meanwhile.');
    expect(field(form, /Amount/)).toHaveValue('100.00');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('assumes no payment mode: unchosen, it is required and nothing is posted', async () => {
    const { form } = renderForm();
    const method = within(form).getByRole('combobox', { name: /Method/ });
    expect(method).toHaveValue('');
    await userEvent.type(field(form, /Amount/), '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(method).toHaveAccessibleDescription(/required/i));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(field(form, /Amount/)).toHaveValue('100.00');
  });

  it('shows what is late now and the next installment, in both languages', async () => {
    const owed = { late: 1033.33, next: { date: '2026-04-01', amount: 516.67 } };
    const english = renderForm({ owed });
    expect(within(english.form).getByTestId('repayment-owed')).toHaveTextContent(
      /Late today: \$1,033\.33\s*Next installment: \$516\.67 on Apr 1, 2026/,
    );
    english.unmount();
    await setLocale('fr');
    const french = renderForm({ owed: { late: 0, next: owed.next } });
    const text = within(french.form)
      .getByTestId('repayment-owed')
      .textContent!.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Rien n’est en retard aujourd’hui.');
    expect(text).toContain('Prochaine échéance : 516,67 $ le 1er avr. 2026');
  });
});

describe('repaymentOwed', () => {
  const row = (date: string, due: number) => ({ date, due }) as never;
  const figures = { arrearsPrincipal: 900, arrearsInterest: 133.33 } as never;

  it('takes the arrears from the figures and the first installment still owed from today on', () => {
    const owed = repaymentOwed({
      status: 'active',
      asOf: '2026-03-10',
      figures,
      rows: [row('2026-02-01', 1033.33), row('2026-03-01', 0), row('2026-04-01', 516.67), row('2026-05-01', 516.67)],
    });
    expect(owed).toEqual({ late: 1033.33, next: { date: '2026-04-01', amount: 516.67 } });
  });

  it('says nothing of a loan that is not active', () => {
    expect(repaymentOwed({ status: 'written_off', asOf: '2026-03-10', figures, rows: [] })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../test/render';
import { setLocale } from '../i18n';
import type { ServicingSchedule } from '../../shared/schemas/servicing-answers';
import { InstallmentStatus } from './schedule-page';

/* An installment's status badge: a payment holiday asks nothing, so it never reads as paid. */

type Row = ServicingSchedule['rows'][number];

const row = (overrides: Partial<Row>): Row => ({
  date: '2027-03-15',
  payment: 0,
  interest: 0,
  principal: 0,
  balance: 5_012_345,
  number: 7,
  kind: 'holiday',
  rate: 6,
  paid: 0,
  due: 0,
  paidInterest: 0,
  paidPrincipal: 0,
  dueInterest: 0,
  duePrincipal: 0,
  capitalised: 24_567,
  writtenOff: 0,
  status: 'paid',
  dueOnAsOf: false,
  paidOn: '2027-03-15',
  ...overrides,
});

describe('InstallmentStatus', () => {
  it('says a payment-holiday installment is a holiday, never paid, in both languages', async () => {
    await setLocale('fr');
    const french = renderWithApp(<InstallmentStatus row={row({})} />);
    expect(await screen.findByText('Congé')).toBeInTheDocument();
    expect(screen.queryByText('Payée')).not.toBeInTheDocument();
    french.unmount();

    await setLocale('en');
    renderWithApp(<InstallmentStatus row={row({})} />);
    expect(await screen.findByText('Holiday')).toBeInTheDocument();
    expect(screen.queryByText('Paid')).not.toBeInTheDocument();
  });

  it('keeps the paid badge of a regular installment that was paid', async () => {
    await setLocale('fr');
    renderWithApp(<InstallmentStatus row={row({ kind: 'regular', payment: 120_000, paid: 120_000 })} />);
    expect(await screen.findByText('Payée')).toBeInTheDocument();
    expect(screen.queryByText('Congé')).not.toBeInTheDocument();
  });
});

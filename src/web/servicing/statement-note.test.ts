import { describe, expect, it } from 'vitest';
import { servicing as en } from '../../shared/i18n/domains/servicing.en';
import { servicing as fr } from '../../shared/i18n/domains/servicing.fr';
import { paidOutInTranches } from './statement-page';

/* The statement's note on a second tranche's interest (docs/decisions/0069). */

const line = (kind: string, reversed = false) => ({ kind, reversed });

describe('paidOutInTranches', () => {
  it('is true once two disbursements stand, whatever else the statement holds', () => {
    expect(paidOutInTranches([line('disbursement'), line('interest'), line('disbursement')])).toBe(true);
  });

  it('is false for one disbursement, or a second one reversed', () => {
    expect(paidOutInTranches([line('disbursement'), line('repayment'), line('repayment')])).toBe(false);
    expect(paidOutInTranches([line('disbursement'), line('disbursement', true)])).toBe(false);
  });

  it('says in both languages that the days before the next installment are not charged', () => {
    expect(fr.statementView.trancheNote).toMatch(/ne sont pas facturés/);
    expect(en.statementView.trancheNote).toMatch(/not charged/);
  });
});

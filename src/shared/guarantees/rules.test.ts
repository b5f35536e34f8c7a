import { describe, expect, it } from 'vitest';
import {
  canDeleteGuarantee,
  canMoveGuarantee,
  conservationDue,
  conservationTaskWanted,
  defaultExpiry,
  guaranteeProblems,
  guaranteesCoverage,
  publishDue,
  publishTaskWanted,
  releaseTaskWanted,
  renewDue,
  renewLeadWanted,
  type GuaranteeValues,
} from './rules';
import { guaranteeSourceKey } from './tasks';

const base: GuaranteeValues = {
  kind: 'movable_hypothec',
  guarantorOwnerId: null,
  guarantorName: null,
  amountCents: 100_000,
  sharePercent: null,
  registry: 'none',
  registrationNumber: null,
  signedOn: null,
  registeredOn: null,
  expiresOn: null,
  state: 'draft',
  releasedOn: null,
  releaseReason: null,
};
const fields = (values: Partial<GuaranteeValues>) => guaranteeProblems({ ...base, ...values }).map((p) => p.field);
const keys = (values: Partial<GuaranteeValues>) => guaranteeProblems({ ...base, ...values }).map((p) => p.key);

describe('a guarantee’s problems', () => {
  it('takes a complete registered movable hypothec', () => {
    expect(
      fields({
        state: 'registered',
        registry: 'rdprm',
        registrationNumber: '25-0123456-0001',
        signedOn: '2025-03-01',
        registeredOn: '2025-03-05',
        expiresOn: '2035-03-05',
      }),
    ).toEqual([]);
  });

  it('refuses an amount of 0 or less, and a share outside 0–100 %', () => {
    expect(keys({ amountCents: 0 })).toEqual(['guarantees.errors.amountPositive']);
    expect(keys({ amountCents: -5 })).toEqual(['guarantees.errors.amountPositive']);
    expect(keys({ amountCents: null, sharePercent: 100.01 })).toEqual(['guarantees.errors.shareRange']);
    expect(keys({ amountCents: null, sharePercent: 100 })).toEqual([]);
    expect(keys({ amountCents: null, sharePercent: 0 })).toEqual([]);
    expect(keys({ amountCents: 5, sharePercent: 50 })).toEqual(['guarantees.errors.amountOrShare']);
  });

  it('refuses dates out of order', () => {
    expect(fields({ signedOn: '2025-03-02', registeredOn: '2025-03-01' })).toEqual(['registeredOn']);
    expect(fields({ registeredOn: '2025-03-01', expiresOn: '2025-02-28' })).toEqual(['expiresOn']);
  });

  it('refuses a registered guarantee without its registry, number or date', () => {
    expect(fields({ state: 'registered', signedOn: '2025-01-01' })).toEqual([
      'registry',
      'registrationNumber',
      'registeredOn',
    ]);
  });

  it('refuses a personal guarantee without a guarantor, an owner or a name', () => {
    expect(keys({ kind: 'personal_guarantee' })).toEqual(['guarantees.errors.guarantorRequired']);
    expect(keys({ kind: 'personal_guarantee', guarantorName: '  ' })).toEqual(['guarantees.errors.guarantorRequired']);
    expect(keys({ kind: 'personal_guarantee', guarantorOwnerId: 'x' })).toEqual([]);
    expect(keys({ kind: 'personal_guarantee', guarantorName: 'Luc Bérubé' })).toEqual([]);
  });

  it('refuses an RDPRM number whose first two digits are not the registration year’s last two', () => {
    const problems = guaranteeProblems({
      ...base,
      registry: 'rdprm',
      registrationNumber: '24-0123456-0001',
      registeredOn: '2025-01-02',
    });
    expect(problems).toEqual([
      { field: 'registrationNumber', key: 'guarantees.errors.rdprmYear', params: { digits: '25' } },
    ]);
    // The land registry's numbers follow no such rule.
    expect(fields({ registry: 'land_registry', registrationNumber: '24 123 456', registeredOn: '2025-01-02' })).toEqual(
      [],
    );
  });

  it('refuses a release without its date or reason', () => {
    expect(fields({ state: 'released' })).toEqual(['releasedOn', 'releaseReason']);
    expect(fields({ state: 'released', releasedOn: '2026-01-01', releaseReason: 'Prêt remboursé' })).toEqual([]);
  });
});

describe('states', () => {
  it('lists the moves once', () => {
    expect(canMoveGuarantee('draft', 'signed')).toBe(true);
    expect(canMoveGuarantee('draft', 'registered')).toBe(false);
    expect(canMoveGuarantee('signed', 'registered')).toBe(true);
    expect(canMoveGuarantee('registered', 'released')).toBe(true);
    expect(canMoveGuarantee('released', 'registered')).toBe(false);
    expect(canMoveGuarantee('lapsed', 'registered')).toBe(true);
    expect(canMoveGuarantee('registered', 'registered')).toBe(true);
  });

  it('deletes only drafts', () => {
    expect(canDeleteGuarantee('draft')).toBe(true);
    expect(canDeleteGuarantee('signed')).toBe(false);
  });
});

describe('deadline dates', () => {
  it('expires ten years after the registration, a 29 February on the 28th', () => {
    expect(defaultExpiry('2025-03-05')).toBe('2035-03-05');
    expect(defaultExpiry('2024-02-29')).toBe('2034-02-28');
    expect(defaultExpiry('2020-02-29')).toBe('2030-02-28');
    expect(defaultExpiry('2026-12-31')).toBe('2036-12-31');
  });

  it('publishes ten days after signing, across month and year ends and leap days', () => {
    expect(publishDue('2025-01-25')).toBe('2025-02-04');
    expect(publishDue('2024-02-25')).toBe('2024-03-06');
    expect(publishDue('2025-02-25')).toBe('2025-03-07');
    expect(publishDue('2025-12-28')).toBe('2026-01-07');
  });

  it('renews 180, 90 and 30 days before the expiry', () => {
    expect(renewDue('2034-02-28', 180)).toBe('2033-09-01');
    expect(renewDue('2024-03-30', 30)).toBe('2024-02-29');
    expect(renewDue('2025-03-30', 30)).toBe('2025-02-28');
    expect(renewDue('2025-05-31', 90)).toBe('2025-03-02');
  });

  it('files the conservation notice fifteen days after the sale', () => {
    expect(conservationDue('2024-02-20')).toBe('2024-03-06');
    expect(conservationDue('2025-02-20')).toBe('2025-03-07');
    expect(conservationDue('2025-12-31')).toBe('2026-01-15');
  });

  it('wants the nearest renewal reminder from a week before its date until the expiry', () => {
    const g = { state: 'registered' as const, expiresOn: '2026-07-01' };
    expect(renewLeadWanted(g, '2025-12-25')).toBe(null);
    expect(renewLeadWanted(g, '2025-12-26')).toBe(180);
    expect(renewLeadWanted(g, '2026-03-26')).toBe(90);
    expect(renewLeadWanted(g, '2026-05-25')).toBe(30);
    expect(renewLeadWanted(g, '2026-07-01')).toBe(30);
    expect(renewLeadWanted(g, '2026-07-02')).toBe(null);
    expect(renewLeadWanted({ ...g, state: 'released' }, '2026-06-01')).toBe(null);
  });

  it('says when a publication, a conservation notice and a release are wanted', () => {
    const signed = { state: 'signed' as const, registry: 'rdprm' as const, signedOn: '2026-01-01', registeredOn: null };
    expect(publishTaskWanted(signed)).toBe(true);
    expect(publishTaskWanted({ ...signed, registry: 'none' })).toBe(false);
    expect(publishTaskWanted({ ...signed, state: 'registered', registeredOn: '2026-01-05' })).toBe(false);
    expect(conservationTaskWanted({ state: 'registered', assetSoldOn: '2026-01-01' })).toBe(true);
    expect(conservationTaskWanted({ state: 'released', assetSoldOn: '2026-01-01' })).toBe(false);
    expect(releaseTaskWanted({ status: 'repaid', fileClosed: false }, 1)).toBe(true);
    expect(releaseTaskWanted({ status: 'written_off', fileClosed: false }, 2)).toBe(true);
    expect(releaseTaskWanted({ status: 'active', fileClosed: true }, 1)).toBe(true);
    expect(releaseTaskWanted({ status: 'active', fileClosed: false }, 1)).toBe(false);
    expect(releaseTaskWanted({ status: 'repaid', fileClosed: false }, 0)).toBe(false);
  });

  it('keys each task by its cause and occasion', () => {
    expect(guaranteeSourceKey({ kind: 'guarantee_renew', guaranteeId: 'g', expiresOn: '2030-01-01', lead: 90 })).toBe(
      'guarantee_renew:g:2030-01-01:90',
    );
    expect(guaranteeSourceKey({ kind: 'guarantee_release', loanId: 'l' })).toBe('guarantee_release:l');
  });
});

describe('coverage', () => {
  it('divides what signed and registered guarantees secure by the outstanding principal', () => {
    const list = [
      { state: 'registered' as const, amountCents: 50_000, sharePercent: null },
      { state: 'signed' as const, amountCents: null, sharePercent: 25 },
      { state: 'draft' as const, amountCents: 1_000_000, sharePercent: null },
      { state: 'released' as const, amountCents: 1_000_000, sharePercent: null },
    ];
    expect(guaranteesCoverage(list, 100_000)).toBe(0.75);
    expect(guaranteesCoverage(list, 0)).toBe(null);
    expect(guaranteesCoverage(list, null)).toBe(null);
    expect(guaranteesCoverage([], 100_000)).toBe(0);
    expect(guaranteesCoverage([{ state: 'registered', amountCents: 1, sharePercent: null }], 3)).toBe(0.3333);
  });
});

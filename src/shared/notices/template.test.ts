import { describe, expect, it } from 'vitest';
import { lateNoticeDays, recipientOf, statementOfAccountDue, statementsNoticeDue } from './rules';
import { fillTemplate, headerSafe, parseTemplate } from './template';

describe('notice templates', () => {
  it('reads fields and fills them', () => {
    const parsed = parseTemplate('payment_due', 'Prêt {{ loan_number }} : {{amount}} le {{due_date}}.');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(fillTemplate(parsed.parts, { loan_number: 'C-1', amount: '5 $', due_date: '1er mai' })).toBe(
      'Prêt C-1 : 5 $ le 1er mai.',
    );
  });

  it('names an unknown field, and a malformed one', () => {
    expect(parseTemplate('payment_due', '{{days_late}}')).toEqual({
      ok: false,
      problem: { kind: 'unknown', field: 'days_late' },
    });
    for (const bad of ['{{amount', 'amount}}', '{{1x}}', '{{}}', '{{a b}}']) {
      const parsed = parseTemplate('payment_due', bad);
      expect(parsed.ok ? null : parsed.problem.kind, bad).toBe('malformed');
    }
  });

  it('keeps a header on one line', () => {
    expect(headerSafe('Objet\r\nBcc: x@y.z')).toBe('Objet Bcc: x@y.z');
  });
});

describe('notice rules', () => {
  it('late notices at 1, 15 and 30 days only', () => {
    expect(
      [0, 1, 2, 15, 30, 31].map((d) => lateNoticeDays('2026-01-01', `2026-01-${String(1 + d).padStart(2, '0')}`)),
    ).toEqual([null, 1, null, 15, 30, null]);
  });

  it('annual statements: 30 days before the statement task’s due day, and on it', () => {
    // Year ending 31 March: statements due 30 September (the task's six months).
    expect(statementsNoticeDue('3103', '2026-08-31')).toMatchObject({ dueOn: '2026-09-30', when: 'before' });
    expect(statementsNoticeDue('3103', '2026-09-30')).toMatchObject({ dueOn: '2026-09-30', when: 'on_day' });
    expect(statementsNoticeDue('3103', '2026-09-01')).toBeNull();
  });

  it('statements of account on the first of the month or quarter', () => {
    expect(statementOfAccountDue('monthly', '2026-05-01')).toEqual({ periodEnd: '2026-04-30' });
    expect(statementOfAccountDue('quarterly', '2026-05-01')).toBeNull();
    expect(statementOfAccountDue('quarterly', '2026-07-01')).toEqual({ periodEnd: '2026-06-30' });
    expect(statementOfAccountDue('monthly', '2026-05-02')).toBeNull();
  });

  it('writes to the preferred finance contact first, then any with the role, then the other roles', () => {
    const c = (id: string, roles: string[], preferredFor: string[] = []) =>
      ({ id, name: id, email: `${id}@x.ca`, locale: 'fr', roles, preferredFor }) as Parameters<
        typeof recipientOf
      >[1][number];
    expect(
      recipientOf('payment_due', [c('a', ['owner']), c('b', ['finance']), c('p', ['finance'], ['finance'])])?.id,
    ).toBe('p');
    expect(recipientOf('payment_due', [c('a', ['owner']), c('b', ['finance'])])?.id).toBe('b');
    expect(recipientOf('payment_due', [c('a', ['signatory']), c('b', ['owner'])])?.id).toBe('b');
    expect(recipientOf('payment_due', [])).toBeNull();
  });
});

import type { AccountRole } from '../../shared/accounting/accounts';

/** The month-end answers as the client reads them (camelCase; money in cents). */
export interface PeriodsAnswer {
  closedThrough: string | null;
  history: {
    id: string;
    action: 'close' | 'reopen';
    through: string;
    closedThrough: string | null;
    reason: string | null;
    authorName: string | null;
    at: string;
  }[];
}

export interface PreviewAnswer {
  entries: {
    key: string;
    number: string;
    date: string;
    fundName: string;
    description: string;
    lines: {
      role: AccountRole;
      accountNumber: string | null;
      accountName: string | null;
      debit: number;
      credit: number;
    }[];
  }[];
  totals: { debit: number; credit: number };
  unmapped: { fundId: string; fundName: string; role: AccountRole }[];
  exports: { id: string; format: string; entriesCount: number; authorName: string | null; at: string }[];
}

export interface AccruedAnswer {
  asOf: string;
  total: number;
  lines: { loanId: string; loanNumber: string; companyName: string; fundName: string; accrued: number }[];
  recorded: { fundId: string; amountCents: number; loansCount: number; authorName: string | null; at: string }[];
}

export const monthKeys = {
  periods: ['accounting', 'periods'] as const,
  preview: (query: Record<string, string>) => ['accounting', 'preview', query] as const,
  accrued: (query: Record<string, string>) => ['accounting', 'accrued', query] as const,
  chart: (fundId: string) => ['accounting', 'chart', fundId] as const,
};

import type { Page } from '@playwright/test';
import { callApi } from './fixtures';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';

/**
 * A company with one loan of 12 000 $ at 6 % over 12 months, authorized four months ago, made through the API
 * as the signed-in user: what the servicing stories start from.
 */
export async function companyWithLoan(
  page: Page,
  name: string,
): Promise<{ companyId: string; contributionId: string; loanNumber: string; url: string }> {
  const first = async (path: string) => (await callApi<Array<{ id: string }>>(page, 'GET', path))[0]!.id;
  const company = await callApi<{ id: string; financial_contributions: Array<{ id: string; loan_number: string }> }>(
    page,
    'POST',
    '/companies',
    {
      name,
      legal_form_id: await first('/legal_forms'),
      status_id: await first('/statuses'),
      activity_area_id: await first('/activity_areas'),
      address: { address: '12, rue du Moulin', zip_code: 'G5L 1A1', municipality_id: await first('/municipalities') },
      financial_contributions: [
        {
          contribution_fund_id: await first('/contribution_funds'),
          amount: '12000',
          rate: '6',
          amortization: '12',
          moratorium: '0',
          authorization_date: addMonths(todayIso(), -4),
          project_name: 'Four à bois',
        },
      ],
    },
  );
  const loan = company.financial_contributions[0]!;
  return {
    companyId: company.id,
    contributionId: loan.id,
    loanNumber: loan.loan_number,
    url: `/companies/${company.id}/financial_contributions/${loan.id}`,
  };
}

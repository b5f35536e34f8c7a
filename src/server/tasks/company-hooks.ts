import { todayIso } from '../../shared/portfolio/schedule';
import type { CompanyHooks } from '../companies/hooks';
import { generateFromCompany } from './generators';

/**
 * Tasks follow a company's save (docs/decisions/0041, 0060): its follow-up dates' and statements' tasks as the
 * save leaves them, in the save's transaction; the save's own writes closed those whose cause it removed
 * (triggers of migration 0029).
 */
export const taskCompanyHooks: CompanyHooks = {
  afterSave: async (tx, companyId) => {
    await generateFromCompany(tx, todayIso(), { companyId });
  },
};

import type { z } from 'zod';
import type {
  dashboardEndingSoonSchema,
  dashboardFollowupSchema,
  dashboardFundSchema,
  dashboardLoanSchema,
  dashboardMetaSchema,
  dashboardRiskSchema,
  dashboardSchema,
  dashboardStatusSchema,
} from '../schemas/portfolio-answers';

/** `GET /dashboard` (ADR 0020: the names of `data` are fixed), as `schemas/portfolio-answers.ts` declares it. */
export type DashboardLoan = z.infer<typeof dashboardLoanSchema>;
export type DashboardFollowup = z.infer<typeof dashboardFollowupSchema>;
export type DashboardEndingSoon = z.infer<typeof dashboardEndingSoonSchema>;
export type DashboardFund = z.infer<typeof dashboardFundSchema>;
export type DashboardStatus = z.infer<typeof dashboardStatusSchema>;
export type DashboardRisk = z.infer<typeof dashboardRiskSchema>;
export type Dashboard = z.infer<typeof dashboardSchema>;
/** `meta` of `GET /dashboard`: how many rows the two lists would have without their cap. */
export type DashboardMeta = z.infer<typeof dashboardMetaSchema>;

/** Follow-ups overdue or due within this many days; loans ending within the other (ADR 0020). */
export const FOLLOWUP_WINDOW_DAYS = 30;
export const ENDING_SOON_DAYS = 90;
/** The dashboard lists the most urgent rows only; `meta` tells how many there are in all. */
export const DASHBOARD_LIST_LIMIT = 50;

/** `GET /dashboard` (issue 13: the names of `data` are fixed), camelCase as the SPA reads it. */
export interface DashboardLoan {
  companyId: string;
  companyName: string;
  contributionId: string;
  projectName: string | null;
  fundName: string;
}

export interface DashboardFollowup extends DashboardLoan {
  /** YYYY-MM-DD. */
  followupDate: string;
  /** The date is before today. */
  overdue: boolean;
}

export interface DashboardEndingSoon extends DashboardLoan {
  /** YYYY-MM-DD. */
  expectedEndDate: string;
}

export interface DashboardFund {
  fundId: string;
  fundName: string;
  loansCount: number;
  committed: number;
  outstanding: number;
}

export interface DashboardStatus {
  statusId: string;
  statusName: string;
  /** The status label's colour (a Mantine colour name or #rrggbb). */
  color: string;
  companiesCount: number;
}

export interface DashboardRisk {
  /** null: companies without a rating. */
  riskRating: string | null;
  companiesCount: number;
}

export interface Dashboard {
  activeCompanies: number;
  loansCount: number;
  committedTotal: number;
  outstandingTotal: number;
  followups: DashboardFollowup[];
  endingSoon: DashboardEndingSoon[];
  byFund: DashboardFund[];
  byStatus: DashboardStatus[];
  byRisk: DashboardRisk[];
}

/** `meta` of `GET /dashboard`: how many rows the two lists would have without their cap. */
export interface DashboardMeta {
  followupsTotal: number;
  endingSoonTotal: number;
}

/** Follow-ups overdue or due within this many days; loans ending within the other (issue 13). */
export const FOLLOWUP_WINDOW_DAYS = 30;
export const ENDING_SOON_DAYS = 90;
/** The dashboard lists the most urgent rows only; `meta` tells how many there are in all. */
export const DASHBOARD_LIST_LIMIT = 50;

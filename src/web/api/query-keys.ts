import type { Locale } from '../../shared/constants';

/**
 * Every cached answer's key, in one place: a screen that changes what another one shows
 * refreshes it by the same name, and two features reading the same answer (the company form and the
 * top bar, the lookups of several screens) share one fetch. Keys start with their kind, so that
 * `invalidateQueries({ queryKey: queryKeys.companies })` reaches every key of that kind. Answers written
 * in the request's language carry it in their key: another language is another answer.
 */
export const queryKeys = {
  companies: ['companies'] as const,
  companyList: (params: object, language: Locale) => ['companies', 'list', params, language] as const,
  /** Read by the company form and, for its name and avatar, by the top bar (session/use-current-company). */
  company: (id: string | null) => ['companies', 'detail', id] as const,
  similarCompanies: (name: string, language: Locale) => ['companies', 'similar', name, language] as const,
  users: ['users'] as const,
  userList: (params: object) => ['users', 'list', params] as const,
  user: (id: string) => ['users', 'detail', id] as const,
  userOptions: (search: string) => ['users', 'options', search] as const,
  /** Reference lists (docs/SPEC.md §3 lookups), by API path: the company form, the documents and the dashboard share them. */
  lookup: (path: string, language: Locale) => ['lookups', path, language] as const,
  events: (companyId: string) => ['events', companyId] as const,
  documents: (companyId: string) => ['documents', companyId] as const,
  /** Figures that every company, loan or statement change moves. */
  dashboard: ['dashboard'] as const,
  dashboardOf: (filters: object, language: Locale) => ['dashboard', filters, language] as const,
  /** The portfolio's figures (aging, PAR, collections, funds, the loans behind a cell), moved by any loan's money. */
  portfolio: ['portfolio'] as const,
  portfolioFigures: (name: string, params: object, language: Locale) => ['portfolio', name, params, language] as const,
  buckets: ['buckets'] as const,
  search: ['search'] as const,
  searchOf: (words: readonly string[], language: Locale) => ['search', words, language] as const,
  backups: ['backups'] as const,
  /** My second factors (account screen). */
  twoFactor: ['twoFactor'] as const,
  /** A user's second factors and their history, as an administrator reads them (in the reader's language). */
  userTwoFactor: (id: string, language: Locale) => ['users', 'twoFactor', id, language] as const,
  securitySettings: ['securitySettings'] as const,
  /** My reminders: the digest's settings and when my calendar link was made (account screen). */
  notificationSettings: ['notificationSettings'] as const,
  /** My tasks and the drawer's overdue count, moved by any task change or company save. */
  tasks: ['tasks'] as const,
  taskList: (params: object, language: Locale) => ['tasks', 'list', params, language] as const,
  /** Funding requests (the board, a request, a company's list, a checklist): any move or edit refreshes them all. */
  fundingRequests: ['fundingRequests'] as const,
  fundingRequestList: (params: object, language: Locale) => ['fundingRequests', 'list', params, language] as const,
  fundingRequest: (id: string, language: Locale) => ['fundingRequests', 'detail', id, language] as const,
  checklist: (id: string, language: Locale) => ['fundingRequests', 'checklist', id, language] as const,
  /** The aging buckets in force: they name each loan's bucket. */
  delinquencyBuckets: ['delinquencyBuckets'] as const,
  /** Every loan's servicing answers: an import or a fund's deferral moves many loans at once. */
  servicing: ['servicing'] as const,
  /** One loan's answers (schedule, entries, statement): every write to the loan refreshes them all. */
  loan: (contributionId: string) => ['servicing', contributionId] as const,
  /** `asOf` null: today, as the server counts it. Nothing in it is written in a language. */
  loanSchedule: (contributionId: string, asOf: string | null) =>
    ['servicing', contributionId, 'schedule', asOf] as const,
  /** A loan's disbursements, repayments or amendments, every one of them, with today's figures. */
  loanEntries: (contributionId: string, kind: string) => ['servicing', contributionId, kind] as const,
  /** The loans of a company with today's figures (the company file's loan lines). */
  companyLoans: (companyId: string) => ['servicing', 'company', companyId] as const,
  /** Written in the language asked for (the borrower's), which need not be the interface's. */
  loanStatement: (contributionId: string, asOf: string | null, language: Locale) =>
    ['servicing', contributionId, 'statement', asOf, language] as const,
  /** A loan's guarantees, and the portfolio's (docs/decisions/0072). */
  loanGuarantees: (contributionId: string) => ['guarantees', contributionId] as const,
  portfolioGuarantees: ['guarantees', 'portfolio'] as const,
  committee: ['committee'] as const,
  committees: ['committee', 'committees'] as const,
  meetings: (language: Locale) => ['committee', 'meetings', language] as const,
  meeting: (id: string, language: Locale) => ['committee', 'meeting', id, language] as const,
  checklistTemplates: (fundId: string, language: Locale) => ['committee', 'templates', fundId, language] as const,
  aidCeiling: (fundId: string, language: Locale) => ['committee', 'aidCeiling', fundId, language] as const,
  readyRequests: (language: Locale) => ['committee', 'ready', language] as const,
};

import { COMPANY_SORT_FIELDS, type CompanySortField } from '../../shared/companies';
import { booleanFilter, type ListOptions, parseListParams, searchFilter } from '../platform/http/list-params';

/** The companies list's parameters; the portfolio's exports (portfolio/routes.ts) read the same ones. */
export const COMPANY_LIST_OPTIONS: ListOptions<CompanySortField> = {
  sortable: COMPANY_SORT_FIELDS,
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filters: ['archived', 'search'],
};
export const parseCompanyListParams = (query: unknown) => parseListParams(query, COMPANY_LIST_OPTIONS);

/** Which companies, in which order: the list's filters and sort, without the page. */
export const companyListSelection = (params: ReturnType<typeof parseCompanyListParams>) => ({
  archived: booleanFilter(params.filters['archived']),
  search: searchFilter(params.filters['search']),
  sort: params.sort,
});

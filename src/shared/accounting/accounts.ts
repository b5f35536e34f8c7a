/**
 * A fund's chart of accounts (docs/decisions/0070): the account each posting role lands in, as the body's
 * accounting software knows it (number and name). Pure: the form, the API and the export read these rules.
 */

/** Every role a posting can use, in the order the screens list them. */
export const ACCOUNT_ROLES = [
  'loans_receivable',
  'bank',
  'interest_income',
  'write_off_expense',
  'recoveries_income',
  'payments_in_advance',
  'accrued_interest_receivable',
  'forgiveness_expense',
  'funder_payable',
] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** The roles every fund must map before anything is exported. */
export const REQUIRED_ACCOUNT_ROLES = [
  'loans_receivable',
  'bank',
  'interest_income',
  'write_off_expense',
  'recoveries_income',
] as const satisfies readonly AccountRole[];

export interface Account {
  number: string;
  name: string;
}
export type ChartOfAccounts = Partial<Record<AccountRole, Account>>;

/** Sage 50's account numbers are at most 8 characters; QuickBooks Online's 7; kept to the stricter, with room. */
export const ACCOUNT_NUMBER_MAX = 20;
/** QuickBooks Online refuses an account name over 100 characters. */
export const ACCOUNT_NAME_MAX = 100;
/** Letters, digits, dot and dash: what every target format reads back unquoted. */
export const ACCOUNT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9.-]*$/;
/**
 * A name may hold anything printable but what one of the formats cannot carry: the field separators of the
 * French CSV (`;`) and quotes (Sage 50's import reads quotes as delimiters only), tabs and line breaks.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
export const ACCOUNT_NAME_REFUSED = /[;"\t\r\n\u0000-\u001f\u007f]/;

/**
 * Roles that may share one account without breaking the books: an expense for write-offs and forgiveness,
 * an income for interest and recoveries. Any other pair would post a debit and a credit to one account for the
 * same move (a disbursement from the bank to the bank) and hide it.
 */
const MAY_SHARE: readonly (readonly AccountRole[])[] = [
  ['write_off_expense', 'forgiveness_expense'],
  ['interest_income', 'recoveries_income'],
];
const mayShare = (a: AccountRole, b: AccountRole) => MAY_SHARE.some((pair) => pair.includes(a) && pair.includes(b));

export type AccountProblemKey =
  | 'accounting.errors.accountNumberBlank'
  | 'accounting.errors.accountNumberTooLong'
  | 'accounting.errors.accountNumberCharacters'
  | 'accounting.errors.accountNameBlank'
  | 'accounting.errors.accountNameTooLong'
  | 'accounting.errors.accountNameCharacters'
  | 'accounting.errors.accountShared'
  | 'accounting.errors.accountNameDiffers';

export interface AccountProblem {
  /** `bank.number`, `interest_income.name`: the field as the form names it. */
  field: string;
  key: AccountProblemKey;
  params: Record<string, string | number>;
}

/** What is wrong with a chart: each field's characters and lengths, and accounts shared where they must not be. */
export function chartProblems(chart: ChartOfAccounts): AccountProblem[] {
  const problems: AccountProblem[] = [];
  for (const role of ACCOUNT_ROLES) {
    const account = chart[role];
    if (!account) {
      if ((REQUIRED_ACCOUNT_ROLES as readonly AccountRole[]).includes(role)) {
        problems.push({ field: `${role}.number`, key: 'accounting.errors.accountNumberBlank', params: {} });
      }
      continue;
    }
    const number = account.number.trim();
    const name = account.name.trim();
    if (number === '')
      problems.push({ field: `${role}.number`, key: 'accounting.errors.accountNumberBlank', params: {} });
    else if (number.length > ACCOUNT_NUMBER_MAX)
      problems.push({
        field: `${role}.number`,
        key: 'accounting.errors.accountNumberTooLong',
        params: { max: ACCOUNT_NUMBER_MAX },
      });
    else if (!ACCOUNT_NUMBER.test(number))
      problems.push({ field: `${role}.number`, key: 'accounting.errors.accountNumberCharacters', params: {} });
    if (name === '') problems.push({ field: `${role}.name`, key: 'accounting.errors.accountNameBlank', params: {} });
    else if (name.length > ACCOUNT_NAME_MAX)
      problems.push({
        field: `${role}.name`,
        key: 'accounting.errors.accountNameTooLong',
        params: { max: ACCOUNT_NAME_MAX },
      });
    else if (ACCOUNT_NAME_REFUSED.test(name))
      problems.push({ field: `${role}.name`, key: 'accounting.errors.accountNameCharacters', params: {} });
  }
  const mapped = ACCOUNT_ROLES.filter((role) => chart[role]);
  for (const [i, role] of mapped.entries()) {
    for (const other of mapped.slice(0, i)) {
      const a = chart[role]!;
      const b = chart[other]!;
      if (a.number.trim() !== b.number.trim()) continue;
      if (!mayShare(role, other)) {
        problems.push({ field: `${role}.number`, key: 'accounting.errors.accountShared', params: { role: other } });
      } else if (a.name.trim() !== b.name.trim()) {
        problems.push({ field: `${role}.name`, key: 'accounting.errors.accountNameDiffers', params: { role: other } });
      }
    }
  }
  return problems;
}

/** The chart as kept: numbers and names trimmed. */
export const cleanChart = (chart: ChartOfAccounts): ChartOfAccounts =>
  Object.fromEntries(
    ACCOUNT_ROLES.filter((role) => chart[role]).map((role) => [
      role,
      { number: chart[role]!.number.trim(), name: chart[role]!.name.trim() },
    ]),
  );

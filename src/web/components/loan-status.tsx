import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { LoanStatus } from '../../shared/servicing';
import { numberFormat } from '../../shared/intl';
import { useCompanyLoans } from '../api/loans';
import { useTranslation, type KeyUnder } from '../i18n';

/**
 * A status in words on a badge of its colour. Filled, so the words are white on a dark shade (≥ 4.5:1): a light
 * badge draws a shade on itself, which axe leaves unmeasured (ADR 0032's lesson on badges). The words say the
 * status; the colour only repeats it, for a glance down a column.
 */
export function StatusBadge<S extends string>({
  status,
  colors,
  label,
}: {
  status: S;
  colors: Record<S, string>;
  label: string;
}) {
  return (
    <Badge variant="filled" color={colors[status]} radius="sm">
      {label}
    </Badge>
  );
}

const STATUS_COLORS: Record<LoanStatus, string> = {
  not_disbursed: 'gray.7',
  active: 'blue.8',
  repaid: 'teal.9',
  written_off: 'gray.9',
};

/** A loan's status (`servicing.loanStatus`), as the company file and the loan's screens show it. */
export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  const { t } = useTranslation();
  return <StatusBadge status={status} colors={STATUS_COLORS} label={t(`servicing.loanStatus.${status}`)} />;
}

/**
 * A loan in the company file (docs/decisions/0036): its number, status and days past due as of today, with the way to the
 * loan. `index` numbers the contribution as the form does.
 */
export function LoanLine({
  companyId,
  contributionId,
  index,
}: {
  companyId: string;
  contributionId: string;
  index: number;
}) {
  const { t, i18n } = useTranslation();
  const loans = useCompanyLoans(companyId);
  const loan = loans.data?.find((candidate) => candidate.contributionId === contributionId);
  const c = (key: KeyUnder<'servicing.companyLoan'>, params?: Record<string, unknown>) =>
    t(`servicing.companyLoan.${key}`, params);
  const link = (
    <Anchor
      component={Link}
      to={`/companies/${companyId}/contributions/${contributionId}`}
      aria-label={c('openLabel', { number: index + 1 })}
    >
      {c('open')}
    </Anchor>
  );
  if (!loan) {
    return (
      <Group gap="sm" data-testid="loan-line">
        {loans.isError && (
          <Text size="sm" c="gray.7">
            {c('unavailable')}
          </Text>
        )}
        {link}
      </Group>
    );
  }
  const { loanNumber, status } = loan;
  const { daysPastDue } = loan.figures;
  return (
    <Group gap="sm" data-testid="loan-line">
      <Text size="sm" fw={600}>
        {c('title', { number: loanNumber })}
      </Text>
      <LoanStatusBadge status={status} />
      {status === 'active' && (
        <Text size="sm" c={daysPastDue > 0 ? 'red.9' : 'gray.7'} fw={daysPastDue > 0 ? 600 : undefined}>
          {daysPastDue > 0
            ? c('daysPastDue', { count: numberFormat(i18n.language).format(daysPastDue) })
            : c('upToDate')}
        </Text>
      )}
      {link}
    </Group>
  );
}

import type { ReactNode } from 'react';
import { GuaranteesPrint } from '../components/guarantees-print';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { riskRatingKey, type Company } from '../../shared/companies';
import { computeSchedule, todayIso } from '../../shared/portfolio/schedule';
import { formatDay, MISSING } from '../../shared/portfolio/ratios';
import { ApiError } from '../api/client';
import { NotFoundPage, PageLoader } from '../components/status-pages';
import { useTranslation, type KeyUnder } from '../i18n';
import { AnalysisSection } from './analysis-section';
import { formatPhone } from './format';
import { useCompany } from './api';
import { useContributionFunds, useMunicipalities, useStatuses } from './lookups';
import { ScheduleFigures, ScheduleProblems, termsOf } from '../components/schedule-figures';
import printable from '../components/printable.module.css';
import classes from './print.module.css';
import { numberFormat } from '../../shared/intl';
import { TermList } from '../components/term-list';

/** /companies/{id}/file: the company's file laid out for reading and printing on letter paper (ADR 0020). */
export default function CompanyFilePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const query = useCompany(id);
  if (query.isPending) return <PageLoader />;
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  if (!query.data) {
    return (
      <Text role="alert" c="red.9">
        {t('companies.form.loadFailed')}
      </Text>
    );
  }
  return <CompanyFile company={query.data} />;
}

function CompanyFile({ company }: { company: Company }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const f = (key: KeyUnder<'portfolio.file'>, params?: Record<string, unknown>) => t(`portfolio.file.${key}`, params);
  const statuses = useStatuses();
  const municipalities = useMunicipalities();
  const funds = useContributionFunds();
  const today = todayIso();
  const municipality = municipalities.data?.find((m) => m.id === company.address.municipalityId)?.name;
  const notes = company.blocks.filter((block) => block.content);

  const profile: [string, string][] = [
    [f('referenceNumber'), company.referenceNumber],
    [f('status'), statuses.data?.find((s) => s.id === company.statusId)?.name ?? MISSING],
    [f('address'), [company.address.address, municipality, company.address.zipCode].filter(Boolean).join(', ')],
    [f('email'), company.emailAddress ?? MISSING],
    [f('phone'), company.phoneNumber ? formatPhone(company.phoneNumber) : MISSING],
    [f('website'), company.website ?? MISSING],
    [f('employees'), company.employeeCount === null ? MISSING : String(company.employeeCount)],
    [f('riskRating'), t(riskRatingKey(company.riskRating))],
  ];

  return (
    <Stack className={classes.sheet}>
      <Group justify="space-between" className={printable.noPrint}>
        <Anchor component={Link} to={`/companies/${company.id}`}>
          {t('portfolio.schedule.back')}
        </Anchor>
        <Button onClick={() => window.print()}>{f('print')}</Button>
      </Group>
      <div>
        <Text size="sm" c="gray.7">
          {f('title')} · {f('printedOn', { date: formatDay(today, locale) })}
        </Text>
        <Title order={1}>{company.name}</Title>
      </div>

      <FileSection name="profile" title={f('profile')}>
        <TermList items={profile} className={printable.terms} />
      </FileSection>

      <FileSection name="owners" title={f('owners')} empty={company.owners.length === 0 && f('noOwners')}>
        <Table withTableBorder>
          <Table.Tbody>
            {company.owners.map((owner) => (
              <Table.Tr key={owner.id}>
                <Table.Th scope="row" fw={500}>
                  {owner.name}
                </Table.Th>
                <Table.Td>{owner.phoneNumber ? formatPhone(owner.phoneNumber) : ''}</Table.Td>
                <Table.Td>
                  {owner.sharesPercentage === null
                    ? ''
                    : `${f('shares')} ${numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(owner.sharesPercentage / 100)}`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </FileSection>

      {/* The three most recent years are what a committee reads. */}
      <AnalysisSection statements={company.financialStatements} withChart={false} latestYears={3} />

      <FileSection
        name="contributions"
        title={f('contributions')}
        empty={company.financialContributions.length === 0 && f('noContributions')}
      >
        <Stack>
          {company.financialContributions.map((contribution, index) => {
            const result = computeSchedule(termsOf(contribution), today);
            return (
              <div key={contribution.id}>
                <Title order={3} size="h4" mb={4}>
                  {contribution.projectName || t('portfolio.schedule.noProject', { number: index + 1 })}
                </Title>
                <ScheduleFigures
                  contribution={contribution}
                  schedule={result.ok ? result.schedule : null}
                  fundName={funds.data?.find((fund) => fund.id === contribution.contributionFundId)?.name}
                />
                {!result.ok && <ScheduleProblems contribution={contribution} t={t} />}
                {contribution.id && (
                  <GuaranteesPrint
                    companyId={company.id}
                    contributionId={contribution.id}
                    locale={i18n.language}
                    headingId={`guarantees-${contribution.id}`}
                  />
                )}
              </div>
            );
          })}
        </Stack>
      </FileSection>

      <FileSection name="notes" title={f('notes')} empty={notes.length === 0 && f('noNotes')}>
        {notes.map((block) => (
          <Text key={block.id} style={{ whiteSpace: 'pre-wrap' }} mb="xs">
            {block.content}
          </Text>
        ))}
      </FileSection>
    </Stack>
  );
}

/** A section of the printed file: its heading, then what it holds, or the words saying it holds nothing. */
function FileSection({
  name,
  title,
  empty = false,
  children,
}: {
  name: string;
  title: string;
  empty?: string | false;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`file-${name}`}>
      <Title order={2} size="h3" id={`file-${name}`} mb="xs">
        {title}
      </Title>
      {empty ? <Text c="gray.7">{empty}</Text> : children}
    </section>
  );
}

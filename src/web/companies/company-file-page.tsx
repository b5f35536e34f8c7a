import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { riskRatingKey, type Company } from '../../shared/companies';
import { computeSchedule, todayIso } from '../../shared/portfolio/schedule';
import { formatDay, MISSING } from '../../shared/portfolio/ratios';
import { ApiError } from '../api/client';
import { NotFoundPage, PageLoader } from '../components/status-pages';
import { useTranslation } from '../i18n';
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
  const f = (key: string, params?: Record<string, unknown>) => t(`portfolio.file.${key}`, params);
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

      <section aria-labelledby="file-profile">
        <Title order={2} size="h3" id="file-profile" mb="xs">
          {f('profile')}
        </Title>
        <TermList items={profile} className={classes.terms} />
      </section>

      <section aria-labelledby="file-owners">
        <Title order={2} size="h3" id="file-owners" mb="xs">
          {f('owners')}
        </Title>
        {company.owners.length === 0 ? (
          <Text c="gray.7">{f('noOwners')}</Text>
        ) : (
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
        )}
      </section>

      {/* The three most recent years are what a committee reads. */}
      <AnalysisSection statements={company.financialStatements} withChart={false} latestYears={3} />

      <section aria-labelledby="file-contributions">
        <Title order={2} size="h3" id="file-contributions" mb="xs">
          {f('contributions')}
        </Title>
        {company.financialContributions.length === 0 ? (
          <Text c="gray.7">{f('noContributions')}</Text>
        ) : (
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
                </div>
              );
            })}
          </Stack>
        )}
      </section>

      <section aria-labelledby="file-notes">
        <Title order={2} size="h3" id="file-notes" mb="xs">
          {f('notes')}
        </Title>
        {notes.length === 0 ? (
          <Text c="gray.7">{f('noNotes')}</Text>
        ) : (
          notes.map((block) => (
            <Text key={block.id} style={{ whiteSpace: 'pre-wrap' }} mb="xs">
              {block.content}
            </Text>
          ))
        )}
      </section>
    </Stack>
  );
}

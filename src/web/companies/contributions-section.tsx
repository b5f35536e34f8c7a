import { useEffect, useRef } from 'react';
import { Anchor, Button, Fieldset, Group, SimpleGrid } from '@mantine/core';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from '../i18n';
import { LoanLine } from '../components/loan-status';
import { emptyFinancialContribution } from '../../shared/schemas/company';
import { formatAmount, formatDay } from '../../shared/portfolio/ratios';
import { scheduleFigures, todayIso, type ScheduleFigures } from '../../shared/portfolio/schedule';
import { DateField, LookupSelect, NumberField, TextField, useCompanyForm } from './fields';
import { EmptySection, focusLater, FormSection } from './form-section';
import { CONTRIBUTION_NUMBER_FIELDS, termsOfFormValues } from './form-values';
import { useContributionFunds, useWarranties } from './lookups';

/** docs/SPEC.md §2 financial contributions: numbered, oldest first, each with its fund, terms and dates. */
export function ContributionsSection() {
  const { t } = useTranslation();
  const form = useCompanyForm();
  const contributions = useFieldArray({ control: form.control, name: 'financialContributions', keyName: 'key' });
  const funds = useContributionFunds();
  const warranties = useWarranties();
  const c = (key: string) => t(`companies.form.financialContributions.${key}`);
  const heading = useRef<HTMLHeadingElement>(null);
  const add = () => contributions.append(emptyFinancialContribution(), { shouldFocus: true });
  const { id: companyId } = useParams();
  const { hash } = useLocation();
  // The dashboard links straight to a contribution (#contribution-<id>): bring it into view.
  useEffect(() => {
    if (hash.startsWith('#contribution-')) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <FormSection
      title={t('companies.form.sections.financialContributions')}
      headingRef={heading}
      action={
        contributions.fields.length > 0 ? (
          <Button variant="light" onClick={add}>
            {c('add')}
          </Button>
        ) : undefined
      }
    >
      {contributions.fields.length === 0 && <EmptySection text={c('empty')} addLabel={c('add')} onAdd={add} />}
      {contributions.fields.map((field, index) => {
        const name = <K extends string>(key: K) => `financialContributions.${index}.${key}` as const;
        return (
          <Fieldset
            key={field.key}
            id={field.id ? `contribution-${field.id}` : undefined}
            legend={t('companies.form.financialContributions.numbered', { number: index + 1 })}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <LookupSelect
                name={name('contributionFundId')}
                label={c('contributionFund')}
                items={funds.data}
                required
                searchable
              />
              <TextField name={name('projectName')} label={c('projectName')} />
              {CONTRIBUTION_NUMBER_FIELDS.map(([key, kind]) => (
                <NumberField
                  key={key}
                  name={name(key)}
                  label={c(key)}
                  kind={kind}
                  description={key === 'refund' ? <AgreedPaymentNote index={index} /> : undefined}
                  styles={DESCRIPTION_STYLES}
                />
              ))}
              <LookupSelect
                name={name('warrantyId')}
                label={c('warranty')}
                items={warranties.data}
                noneLabel={c('warrantyNone')}
              />
              <DateField name={name('authorizationDate')} label={c('authorizationDate')} />
              <DateField name={name('followupDate')} label={c('followupDate')} />
              <DateField
                name={name('expectedEndDate')}
                label={c('expectedEndDate')}
                note={<ExpectedEndNote index={index} />}
              />
            </SimpleGrid>
            <Group justify="space-between" mt="sm" gap="sm">
              {companyId && field.id ? (
                <LoanLine companyId={companyId} contributionId={field.id} index={index} />
              ) : (
                <span />
              )}
              <Group justify="flex-end" gap="sm">
                {companyId && field.id && (
                  <Anchor
                    component={Link}
                    to={`/companies/${companyId}/contributions/${field.id}/schedule`}
                    aria-label={t('portfolio.schedule.openLabel', { number: index + 1 })}
                  >
                    {t('portfolio.schedule.open')}
                  </Anchor>
                )}
                <Button
                  variant="subtle"
                  color="red.9"
                  c="red.9"
                  onClick={() => {
                    contributions.remove(index);
                    focusLater(heading);
                  }}
                >
                  {c('remove')}
                </Button>
              </Group>
            </Group>
          </Fieldset>
        );
      })}
    </FormSection>
  );
}

/** Mantine's dimmed description is 3.3:1 on white; these notes must be read (4.5:1). */
const DESCRIPTION_STYLES = { description: { color: 'var(--mantine-color-gray-7)' } };

/**
 * The schedule's figures of a contribution as the form holds it now (typed, not yet saved), or null when
 * its terms give none: what the figures typed at authorization are set beside (ADR 0032).
 */
function useFiguresFromTerms(index: number): ScheduleFigures | null {
  const form = useCompanyForm();
  const values = useWatch({ control: form.control, name: `financialContributions.${index}` });
  const result = scheduleFigures(termsOfFormValues(values), todayIso());
  return result.ok ? result.figures : null;
}

function AgreedPaymentNote({ index }: { index: number }) {
  const { t, i18n } = useTranslation();
  const figures = useFiguresFromTerms(index);
  const c = (key: string, params?: Record<string, unknown>) =>
    t(`companies.form.financialContributions.${key}`, params);
  return (
    <>
      {c('refundHint')}
      {figures && ` ${c('refundComputed', { payment: formatAmount(figures.payment, i18n.language) })}`}
    </>
  );
}

function ExpectedEndNote({ index }: { index: number }) {
  const { t, i18n } = useTranslation();
  const figures = useFiguresFromTerms(index);
  const c = (key: string, params?: Record<string, unknown>) =>
    t(`companies.form.financialContributions.${key}`, params);
  return (
    <>
      {c('expectedEndDateHint')}
      {figures && ` ${c('expectedEndDateComputed', { date: formatDay(figures.lastPaymentDate, i18n.language) })}`}
    </>
  );
}

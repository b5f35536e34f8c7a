import { useEffect } from 'react';
import { Anchor, Fieldset, Group, SimpleGrid } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation, type KeyUnder } from '../i18n';
import { LoanLine } from '../components/loan-status';
import type { Locale } from '../../shared/constants';
import { emptyFinancialContribution } from '../../shared/schemas/company';
import type { Company } from '../../shared/companies';
import { isDecidedTerm } from '../../shared/decisions/terms';
import { queryKeys } from '../api/query-keys';
import { formatAmount, formatDay } from '../../shared/portfolio/ratios';
import { scheduleFigures, todayIso, type ScheduleFigures } from '../../shared/portfolio/schedule';
import { DateField, LookupSelect, NumberField, TextField, useCompanyForm } from './fields';
import { RemoveRowButton, RowsSection } from './form-section';
import { CONTRIBUTION_NUMBER_FIELDS, termsOfFormValues } from './form-values';
import { useContributionFunds, useWarranties } from './lookups';

/** docs/SPEC.md §2 financial contributions: numbered, oldest first, each with its fund, terms and dates. */
export function ContributionsSection() {
  const { t } = useTranslation();
  const form = useCompanyForm();
  const contributions = useFieldArray({ control: form.control, name: 'financialContributions', keyName: 'key' });
  const funds = useContributionFunds();
  const warranties = useWarranties();
  const c = (key: KeyUnder<'companies.form.financialContributions'>, params?: Record<string, unknown>) =>
    t(`companies.form.financialContributions.${key}`, params);
  const add = () => contributions.append(emptyFinancialContribution(), { shouldFocus: true });
  const { id: companyId } = useParams();
  const decided = useDecidedContributions(companyId);
  const { hash } = useLocation();
  // The dashboard links straight to a contribution (#contribution-<id>): bring it into view.
  useEffect(() => {
    if (hash.startsWith('#contribution-')) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <RowsSection
      part="financialContributions"
      count={contributions.fields.length}
      adds={[{ label: 'companies.form.financialContributions.add', onAdd: add }]}
    >
      {contributions.fields.map((field, index) => {
        const name = <K extends string>(key: K) => `financialContributions.${index}.${key}` as const;
        // A loan a committee decision created: its decided terms are shown, not changed (docs/decisions/0066).
        const resolution = field.id ? decided.get(field.id) : undefined;
        const lock = (key: string) =>
          resolution !== undefined && isDecidedTerm(key)
            ? { readOnly: true, variant: 'filled' as const, description: t('decisions.locked.decided', { resolution }) }
            : {};
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
              {CONTRIBUTION_NUMBER_FIELDS.map(([key, kind, label]) => (
                <NumberField
                  key={key}
                  name={name(key)}
                  label={t(label)}
                  kind={kind}
                  {...lock(key)}
                  description={
                    lock(key).description ??
                    (key === 'refund' ? (
                      <FiguresNote
                        index={index}
                        hint={c('refundHint')}
                        computed={(figures, language) =>
                          c('refundComputed', { payment: formatAmount(figures.payment, language) })
                        }
                      />
                    ) : undefined)
                  }
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
              <TextField
                name={name('resolutionNumber')}
                label={t('decisions.fields.resolutionNumber')}
                {...lock('resolutionNumber')}
                styles={DESCRIPTION_STYLES}
              />
              <DateField
                name={name('resolutionDate')}
                label={t('decisions.fields.resolutionDate')}
                readOnly={lock('resolutionDate').readOnly}
                note={lock('resolutionDate').description}
              />
              <DateField name={name('followupDate')} label={c('followupDate')} />
              <DateField
                name={name('expectedEndDate')}
                label={c('expectedEndDate')}
                note={
                  <FiguresNote
                    index={index}
                    hint={c('expectedEndDateHint')}
                    computed={(figures, language) =>
                      c('expectedEndDateComputed', { date: formatDay(figures.lastPaymentDate, language) })
                    }
                  />
                }
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
                <RemoveRowButton label={c('remove')} onRemove={() => contributions.remove(index)} />
              </Group>
            </Group>
          </Fieldset>
        );
      })}
    </RowsSection>
  );
}

/**
 * The company's contributions a committee decision created, by id, with their resolution number: read from the
 * company as the page last read or saved it (the form's own values hold no such thing).
 */
function useDecidedContributions(companyId: string | undefined): Map<string, string> {
  const queryClient = useQueryClient();
  const company = companyId ? queryClient.getQueryData<Company>(queryKeys.company(companyId)) : undefined;
  return new Map(
    (company?.financialContributions ?? [])
      .filter((contribution) => !contribution.outsidePipeline)
      .map((contribution) => [contribution.id, contribution.resolutionNumber ?? '']),
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

/** A hint under a term, and what the terms typed so far give for it (once they give figures). */
function FiguresNote({
  index,
  hint,
  computed,
}: {
  index: number;
  hint: string;
  computed: (figures: ScheduleFigures, language: Locale) => string;
}) {
  const { i18n } = useTranslation();
  const figures = useFiguresFromTerms(index);
  return (
    <>
      {hint}
      {figures && ` ${computed(figures, i18n.language)}`}
    </>
  );
}

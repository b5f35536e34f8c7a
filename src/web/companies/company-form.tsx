import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { Company, CompanyLiveLoan } from '../../shared/companies';
import { formatMoney } from '../../shared/intl';
import { ApiError } from '../api/client';
import { useConfirm } from '../components/confirm-dialog';
import { reportError } from '../components/server-errors';
import { toast } from '../components/toasts';
import { useUnsavedChanges } from '../components/unsaved-changes';
import { currentLocale, useTranslation } from '../i18n';
import { setCurrentCompanyId } from '../session/current-company';
import { fetchLiveLoans, useArchiveCompany, useCreateCompany, useRestoreCompany, useUpdateCompany } from './api';
import { BlocksSection } from './blocks-section';
import { FROM_COMPANY_FORM } from './list-arrival';
import { ContributionsSection } from './contributions-section';
import {
  companyResolver,
  newCompanyValues,
  toFormValues,
  type CompanyFormOutput,
  type CompanyFormState,
} from './form-values';
import { AddressSection, ContactSection, IdentitySection, ProfileSection } from './general-sections';
import { OwnersSection } from './owners-section';
import { PresentationSection } from './presentation-section';
import { StatementsSection, statementViewOfIndex } from './statements-section';

/**
 * The whole company file (docs/SPEC.md §2 "Company form"), new (`company` null) or read from the API. It
 * validates on change, blur and submit with the shared schema; a save sends the whole graph. On any
 * failure what the user typed stays: a 422 lands on the fields, a 409 says someone else saved.
 */
export function CompanyForm({
  company,
  onReload,
  links,
}: {
  company: Company | null;
  onReload?: () => void;
  /** Shown under the title: where the saved file leads (its history, documents, printable copy). */
  links?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const edit = company !== null;
  // Read once: later answers for the same company must not move the form (or its version) under the user.
  const [initial] = useState(() => (company ? toFormValues(company, currentLocale()) : newCompanyValues()));
  const [resolver] = useState(() => companyResolver(edit));
  const form = useForm<CompanyFormState, unknown, CompanyFormOutput>({ mode: 'all', resolver, defaultValues: initial });
  const create = useCreateCompany();
  const update = useUpdateCompany(company?.id ?? '');
  const archive = useArchiveCompany();
  const restore = useRestoreCompany();
  const [uploading, setUploading] = useState(false);
  const [statementView, setStatementView] = useState(0);
  const [conflict, setConflict] = useState(false);
  const guard = useUnsavedChanges(form.formState.isDirty);
  const back = () => void navigate('/companies', { state: FROM_COMPANY_FORM });
  /** Saved, archived or restored: nothing left to lose. */
  const done = () => {
    guard.release();
    back();
  };

  /** Statements are shown one at a time: bring the first one with an error into view. */
  const revealStatement = (indexes: number[]) => {
    const first = indexes.length ? Math.min(...indexes) : undefined;
    if (first === undefined) return;
    setStatementView(statementViewOfIndex(first, form.getValues('financialStatements')?.length ?? 0));
  };

  const onValid = async (values: CompanyFormOutput) => {
    setConflict(false);
    try {
      if (company) {
        await update.mutateAsync({ ...values, lockVersion: values.lockVersion ?? company.lockVersion });
        toast('success', t('companies.toasts.saved'));
      } else {
        const created = await create.mutateAsync(values);
        // docs/SPEC.md §2: a new company becomes the current one.
        setCurrentCompanyId(created.id);
        toast('success', t('companies.toasts.created'));
      }
      done();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(true);
        toast('error', t('companies.form.conflict'));
        return;
      }
      reportError(error, { setError: form.setError });
      if (error instanceof ApiError) {
        revealStatement(
          Object.keys(error.fieldErrors).flatMap((path) => {
            const match = /^financialStatements\.(\d+)\./.exec(path);
            return match ? [Number(match[1])] : [];
          }),
        );
      }
    }
  };

  const onInvalid = (errors: FieldErrors<CompanyFormState>) => {
    toast('error', t('companies.form.invalid'));
    const statements = errors.financialStatements;
    if (Array.isArray(statements)) revealStatement(statements.flatMap((entry, index) => (entry ? [index] : [])));
  };

  const archived = Boolean(company?.archivedAt);
  const archiveOrRestore = async () => {
    if (!company) return;
    // Loans still holding money are named before the company is archived: they stay counted (ADR 0060).
    let live: CompanyLiveLoan[] = [];
    if (!archived) {
      try {
        live = await fetchLiveLoans(company.id);
      } catch (error) {
        reportError(error, { fallbackKey: 'companies.form.liveLoansFailed' });
        return;
      }
    }
    const locale = currentLocale();
    confirm({
      text: t(
        archived
          ? 'companies.form.confirmRestore'
          : live.length > 0
            ? 'companies.form.confirmArchiveLiveLoans'
            : 'companies.form.confirmArchive',
        { name: company.name },
      ),
      ...(live.length > 0 && {
        list: {
          label: t('companies.form.liveLoansLabel'),
          items: live.map((loan) =>
            t('companies.errors.liveLoan', {
              loanNumber: loan.loanNumber,
              outstanding: formatMoney(loan.outstanding, locale),
            }),
          ),
        },
      }),
      confirmLabel: t(archived ? 'companies.form.actions.restore' : 'companies.form.actions.archive'),
      danger: !archived,
      onConfirm: async () => {
        try {
          if (archived) {
            await restore.mutateAsync(company.id);
            toast('success', t('companies.toasts.restored'));
          } else {
            await archive.mutateAsync({ id: company.id, confirmLiveLoans: live.length > 0 });
            toast('success', t('companies.toasts.archived'));
          }
          done();
        } catch (error) {
          reportError(error, {
            fallbackKey: archived ? 'companies.toasts.restoreFailed' : 'companies.toasts.archiveFailed',
          });
        }
      },
    });
  };

  const { isSubmitting, isValid } = form.formState;

  return (
    <FormProvider {...form}>
      <Stack maw={1040}>
        <Title order={1}>
          {company ? t('companies.form.editTitle', { name: company.name }) : t('companies.form.newTitle')}
        </Title>
        {links}
        <Text size="sm" c="gray.7">
          {t('companies.form.requiredHint')}
        </Text>
        {conflict && (
          <Alert color="orange" variant="light" role="alert" title={t('companies.form.conflictTitle')}>
            <Stack align="flex-start" gap="xs">
              <Text size="sm">{t('companies.form.conflict')}</Text>
              {onReload && (
                <Button size="xs" variant="default" onClick={onReload}>
                  {t('companies.form.reload')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <form noValidate onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}>
          <Stack>
            <IdentitySection
              referenceNumber={company?.referenceNumber ?? null}
              avatarUrl={company?.avatarUrl ?? null}
              onBusyChange={setUploading}
            />
            <AddressSection />
            <ContactSection />
            <ProfileSection overseeingUser={company?.overseeingUser ?? null} />
            <OwnersSection />
            <PresentationSection />
            <StatementsSection view={statementView} onViewChange={setStatementView} />
            <ContributionsSection />
            <BlocksSection />
            <Group justify="space-between" mt="md">
              <Button variant="default" onClick={back}>
                {t('companies.form.actions.cancel')}
              </Button>
              <Group>
                {company && (
                  <Button
                    variant="outline"
                    color={archived ? undefined : 'red.9'}
                    onClick={() => void archiveOrRestore()}
                  >
                    {archived ? t('companies.form.actions.restore') : t('companies.form.actions.archive')}
                  </Button>
                )}
                <Button type="submit" loading={isSubmitting} disabled={isSubmitting || !isValid || uploading}>
                  {t('companies.form.actions.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Stack>
    </FormProvider>
  );
}

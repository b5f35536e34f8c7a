import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { Locale } from '../../shared/constants';
import { canMoveLetter } from '../../shared/letters/fields';
import { formatDay } from '../../shared/intl';
import type { Letter } from '../../shared/schemas/letters';
import { useDeedChoices } from '../api/guarantees';
import { ApiError } from '../api/client';
import { useCompanyLetters, useGenerateLetter, useLetterTemplates, useMarkLetter } from '../api/letters';
import { useTranslation } from '../i18n';
import { Section } from './section';
import { toast } from './toasts';

/** A letter's subject: a request's decision or a loan. */
export type LetterSubject = { fundingRequestId: string } | { financialContributionId: string };

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.body.message ? error.body.message : fallback;

const ofSubject = (letter: Letter, subject: LetterSubject) =>
  'fundingRequestId' in subject
    ? letter.fundingRequestId === subject.fundingRequestId
    : letter.contributionId === subject.financialContributionId;

/**
 * The letters of a request's decision or of a loan (docs/decisions/0074): generate one from a model, download it,
 * mark it sent then signed with its signed copy. Here rather than in a feature: the request page (pipeline) and
 * the loan page (servicing) both show it, and no feature imports another.
 */
export function SubjectLetters({ companyId, subject }: { companyId: string; subject: LetterSubject }) {
  const { t } = useTranslation();
  const letters = useCompanyLetters(companyId);
  const mine = (letters.data ?? []).filter((letter) => ofSubject(letter, subject));
  return (
    <Section id="letters-title" title={t('letters.letters.title')}>
      <Stack>
        <GenerateForm companyId={companyId} subject={subject} />
        {letters.isSuccess && mine.length === 0 && <Text c="gray.7">{t('letters.letters.none')}</Text>}
        {mine.length > 0 && <LetterTable companyId={companyId} letters={mine} />}
      </Stack>
    </Section>
  );
}

function GenerateForm({ companyId, subject }: { companyId: string; subject: LetterSubject }) {
  const { t } = useTranslation();
  const templates = useLetterTemplates();
  const generate = useGenerateLetter(companyId);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const list = templates.data?.templates ?? [];
  if (templates.isSuccess && list.length === 0) return <Text c="gray.7">{t('letters.letters.noTemplate')}</Text>;
  return (
    <form
      noValidate
      aria-label={t('letters.letters.generate')}
      onSubmit={(event) => {
        event.preventDefault();
        generate.mutate(
          { templateId: templateId ?? '', ...subject },
          {
            onSuccess: (letter) => {
              setError(undefined);
              toast('success', t('letters.letters.generated', { version: letter.version }));
            },
            onError: (failed) => {
              const fields = failed instanceof ApiError ? failed.fieldErrors : {};
              const message =
                fields['templateId'] ??
                fields['fundingRequestId'] ??
                fields['financialContributionId'] ??
                failure(failed, t('errors.generic'));
              setError(message);
              toast('error', message);
            },
          },
        );
      }}
    >
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('letters.letters.template')}
          placeholder={t('letters.letters.chooseTemplate')}
          data={list.map((template) => ({
            value: template.id,
            label: `${template.name} (${t(`letters.kind.${template.kind}`)}, ${t(`letters.language.${template.language}`)})`,
          }))}
          value={templateId}
          onChange={setTemplateId}
          error={error}
          required
          w={{ base: '100%', sm: 420 }}
          styles={{ input: { '--input-placeholder-color': 'var(--mantine-color-gray-7)' } as React.CSSProperties }}
        />
        <Button type="submit" loading={generate.isPending}>
          {t('letters.letters.generateSubmit')}
        </Button>
      </Group>
    </form>
  );
}

function LetterTable({ companyId, letters }: { companyId: string; letters: Letter[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const mark = useMarkLetter(companyId);
  const [signing, setSigning] = useState<Letter | null>(null);
  const day = (at: string) => formatDay(at.slice(0, 10), locale) ?? at.slice(0, 10);
  return (
    <Stack>
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label={t('letters.letters.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('letters.letters.template')}</Table.Th>
              <Table.Th>{t('letters.templates.kind')}</Table.Th>
              <Table.Th>
                <span className="visually-hidden">{t('letters.letters.download')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {letters.map((letter) => {
              const label = { name: letter.templateName, version: letter.version };
              return (
                <Table.Tr key={letter.id} data-testid={`letter-${letter.version}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {letter.templateName} · {t('letters.letters.version', { version: letter.version })}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {letter.signedAt
                        ? t('letters.letters.signedOn', { date: day(letter.signedAt) })
                        : letter.sentAt
                          ? t('letters.letters.sentOn', { date: day(letter.sentAt) })
                          : t('letters.letters.generatedOn', { date: day(letter.insertedAt) })}
                      {letter.signedDocumentName ? ` · ${letter.signedDocumentName}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Text size="sm">{t(`letters.kind.${letter.kind}`)}</Text>
                      <Badge
                        variant="filled"
                        color={letter.state === 'signed' ? 'teal.9' : letter.state === 'sent' ? 'blue.9' : 'gray.8'}
                        tt="none"
                      >
                        {t(`letters.state.${letter.state}`)}
                      </Badge>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      {letter.fileUrl && (
                        <Anchor href={letter.fileUrl} size="sm" aria-label={t('letters.letters.downloadLabel', label)}>
                          {t('letters.letters.download')}
                        </Anchor>
                      )}
                      {canMoveLetter(letter.state, 'sent') && (
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={t('letters.letters.markSentLabel', label)}
                          loading={mark.isPending && mark.variables.id === letter.id}
                          onClick={() =>
                            mark.mutate(
                              { id: letter.id, to: 'sent' },
                              {
                                onSuccess: () => toast('success', t('letters.letters.markedSent')),
                                onError: (error) => toast('error', failure(error, t('errors.generic'))),
                              },
                            )
                          }
                        >
                          {t('letters.letters.markSent')}
                        </Button>
                      )}
                      {canMoveLetter(letter.state, 'signed') && (
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={t('letters.letters.markSignedLabel', label)}
                          onClick={() => setSigning(letter)}
                        >
                          {t('letters.letters.markSigned')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {signing && <SignForm key={signing.id} companyId={companyId} letter={signing} onDone={() => setSigning(null)} />}
    </Stack>
  );
}

/** The signed copy, chosen among the company's documents (uploaded there first). */
function SignForm({ companyId, letter, onDone }: { companyId: string; letter: Letter; onDone: () => void }) {
  const { t } = useTranslation();
  const documents = useDeedChoices(companyId);
  const mark = useMarkLetter(companyId);
  const [documentId, setDocumentId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const choices = (documents.data ?? []).filter((document) => document.id !== letter.documentId);
  return (
    <form
      noValidate
      aria-label={t('letters.letters.markSignedLabel', { name: letter.templateName, version: letter.version })}
      onSubmit={(event) => {
        event.preventDefault();
        mark.mutate(
          { id: letter.id, to: 'signed', documentId: documentId ?? '' },
          {
            onSuccess: () => {
              toast('success', t('letters.letters.markedSigned'));
              onDone();
            },
            onError: (failed) => {
              const message =
                (failed instanceof ApiError ? failed.fieldErrors['documentId'] : undefined) ??
                failure(failed, t('errors.generic'));
              setError(message);
            },
          },
        );
      }}
    >
      <Stack gap="xs">
        <Alert color="blue" variant="light">
          <Text size="sm">{t('letters.letters.signedCopyHint')}</Text>
        </Alert>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('letters.letters.signedCopy')}
            placeholder={t('letters.letters.chooseSignedCopy')}
            data={choices.map((document) => ({ value: document.id, label: document.name }))}
            value={documentId}
            onChange={setDocumentId}
            searchable
            required
            error={error}
            w={{ base: '100%', sm: 420 }}
          />
          <Button type="submit" loading={mark.isPending}>
            {t('letters.letters.confirmSigned')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('letters.letters.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

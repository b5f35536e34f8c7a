import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { DOCX_CONTENT_TYPE, type Locale } from '../../shared/constants';
import { formatFileSize, highlightRanges, type CompanyDocument } from '../../shared/documents';
import { formatDay } from '../components/day';
import { currentLocale, useTranslation } from '../i18n';
import { DocumentContent } from './document-content';
import { dateFormat } from '../../shared/intl';

function formatInstant(iso: string, locale: Locale): string {
  return dateFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
}

/** The name with every accent-insensitive match of the search marked: "ecole" marks "École". */
export function HighlightedName({ name, search }: { name: string; search: string }) {
  const ranges = highlightRanges(name, search);
  if (ranges.length === 0) return <>{name}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(<Fragment key={`t${at}`}>{name.slice(at, start)}</Fragment>);
    parts.push(<mark key={`m${start}`}>{name.slice(start, end)}</mark>);
    at = end;
  }
  if (at < name.length) parts.push(<Fragment key={`t${at}`}>{name.slice(at)}</Fragment>);
  return <>{parts}</>;
}

/** A page with a folded corner, coloured by type; the type is also written next to it. */
function FileIcon({ pdf }: { pdf: boolean }) {
  return (
    <svg width="28" height="34" viewBox="0 0 28 34" aria-hidden="true" focusable="false">
      <path d="M2 2h16l8 8v22H2z" fill="none" stroke={pdf ? '#c92a2a' : '#1864ab'} strokeWidth="2" />
      <path d="M18 2v8h8" fill="none" stroke={pdf ? '#c92a2a' : '#1864ab'} strokeWidth="2" />
      {pdf ? (
        <path d="M7 16h14M7 21h14M7 26h9" stroke="#c92a2a" strokeWidth="2" />
      ) : (
        <path d="M6 27l6-8 4 5 3-3 4 6z" fill="#1864ab" />
      )}
    </svg>
  );
}

export interface DocumentRowProps {
  document: CompanyDocument;
  search: string;
  categoryName: string | undefined;
  onEdit(document: CompanyDocument): void;
  onDelete(document: CompanyDocument): void;
}

/** One document (docs/SPEC.md §2): type, name with the search marked, date, size, upload date, and its actions. */
export function DocumentRow({ document, search, categoryName, onEdit, onDelete }: DocumentRowProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const pdf = document.fileType === 'application/pdf';
  const name = document.name;
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="document-row">
      {/* The actions wrap below the name when both do not fit (a phone), instead of squeezing the name. */}
      <Group wrap="wrap" align="flex-start" gap="md">
        <Stack gap={4} align="center" miw={48}>
          <FileIcon pdf={pdf} />
          <Badge variant="outline" color={pdf ? 'red.9' : 'blue.9'} size="sm">
            {pdf
              ? t('documents.fileTypes.pdf')
              : document.fileType === DOCX_CONTENT_TYPE
                ? t('documents.fileTypes.docx')
                : t('documents.fileTypes.jpeg')}
          </Badge>
        </Stack>
        <Stack gap={2} style={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="document-name">
            <HighlightedName name={name} search={search} />
          </Text>
          <DocumentContent document={document} />
          <Group gap="md" wrap="wrap">
            <Text size="sm" c="gray.8">
              {t('documents.list.date', { date: formatDay(document.date, locale) })}
            </Text>
            <Text size="sm" c="gray.8">
              {t('documents.list.size', { size: formatFileSize(document.fileSize, locale) })}
            </Text>
            <Text size="sm" c="gray.8">
              {t('documents.list.uploadedOn', { date: formatInstant(document.insertedAt, locale) })}
            </Text>
            {categoryName && (
              <Text size="sm" c="gray.8">
                {t('documents.list.category', { name: categoryName })}
              </Text>
            )}
          </Group>
        </Stack>
        <Group gap={4} wrap="wrap" justify="flex-end" maw={360} ml="auto">
          <Anchor
            href={document.fileUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('documents.actions.viewLabel', { name })}
            size="sm"
            px={6}
          >
            {t('documents.actions.view')}
          </Anchor>
          <Anchor
            href={document.downloadUrl}
            download
            aria-label={t('documents.actions.downloadLabel', { name })}
            size="sm"
            px={6}
          >
            {t('documents.actions.download')}
          </Anchor>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onEdit(document)}
            aria-label={t('documents.actions.editLabel', { name })}
          >
            {t('documents.actions.edit')}
          </Button>
          <Button
            variant="subtle"
            color="red.9"
            // The subtle variant writes its text in the light shade whatever the colour says.
            c="red.9"
            size="compact-sm"
            onClick={() => onDelete(document)}
            aria-label={t('documents.actions.deleteLabel', { name })}
          >
            {t('documents.actions.delete')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

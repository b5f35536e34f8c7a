import { Text } from '@mantine/core';
import type { CompanyDocument } from '../../shared/documents';
import { parseMarked } from '../../shared/search';
import { MarkedText } from '../components/marked-text';
import { useTranslation } from '../i18n';

const STATUS_KEYS = {
  pending: 'search.content.pending',
  no_text: 'search.content.noText',
  failed: 'search.content.failed',
} as const;

/**
 * Under a document's name (ADR 0022): the excerpt of its content that a search matched, and for a PDF
 * whose text is not (or not yet) searchable, why.
 */
export function DocumentContent({ document }: { document: CompanyDocument }) {
  const { t } = useTranslation();
  const highlight = document.highlight;
  // The name matched: the name itself is already marked above.
  const excerpt =
    highlight &&
    parseMarked(highlight)
      .map((part) => part.text)
      .join('') !== document.name;
  const status = document.fileType === 'application/pdf' && document.contentStatus !== 'indexed';
  return (
    <>
      {excerpt && (
        <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }} data-testid="document-excerpt">
          {t('search.content.excerpt')} <MarkedText highlight={highlight} />
        </Text>
      )}
      {status && (
        <Text size="xs" c="gray.7">
          {t(STATUS_KEYS[document.contentStatus as keyof typeof STATUS_KEYS])}
        </Text>
      )}
    </>
  );
}

import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { ApiError } from '../api/client';
import { useTranslation } from '../i18n';
import { NotFoundPage, PageLoader } from './status-pages';

/** What a failed call says: the server's own message when it sent one, else the screen's words. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body.message ? error.body.message : fallback;
}

/** Whether a load failed because there is no such record (or none this user may see). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * A record's screen without its record: the loader while it loads, the not-found page when there is no such
 * record, else what `failed` says (words are shown as a red alert).
 */
export function RecordUnavailable({
  query,
  failed,
}: {
  query: { isPending: boolean; error: unknown };
  failed: ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (isNotFound(query.error)) return <NotFoundPage />;
  return typeof failed === 'string' ? (
    <Text role="alert" c="red.9">
      {failed}
    </Text>
  ) : (
    failed
  );
}

/**
 * What a screen shows of one query: the loader while it loads, an alert when it failed (the screen's `failed`
 * words in red, or the generic ones), the `empty` words when the answer holds nothing to show, else the content.
 */
export function QueryState<D>({
  query,
  failed,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: D | undefined };
  failed?: string;
  empty?: { when: (data: D) => boolean; text: string };
  children: (data: D) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === undefined) {
    return failed === undefined ? (
      <Text role="alert">{t('errors.generic')}</Text>
    ) : (
      <Text role="alert" c="red.9">
        {failed}
      </Text>
    );
  }
  if (empty?.when(query.data)) return <Text c="gray.7">{empty.text}</Text>;
  return children(query.data);
}

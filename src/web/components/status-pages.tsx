import { Anchor, Center, Loader, Stack, Text, Title, type MantineSize } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from '../i18n';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Stack align="center">
        <Title order={1}>{t('errors.notFound.title')}</Title>
        <Anchor component={Link} to="/">
          {t('errors.notFound.back')}
        </Anchor>
      </Stack>
    </Center>
  );
}

/** docs/SPEC.md §8: uncaught render errors show a generic page with the status or the message. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <Center mih="60vh" component="main">
      <Stack align="center">
        <Title order={1}>{t('errors.unexpected.title')}</Title>
        {detail && <Text c="dimmed">{detail}</Text>}
        <Anchor href="/">{t('errors.unexpected.back')}</Anchor>
      </Stack>
    </Center>
  );
}

/**
 * A spinner a screen reader reads as what it is: a status named "Loading…". A label on Mantine's bare span
 * is not read (axe aria-prohibited-attr): a name needs a role.
 */
export function LoadingMark({ label, size }: { label?: string; size?: MantineSize }) {
  const { t } = useTranslation();
  return <Loader role="status" aria-label={label ?? t('common.loading')} size={size} />;
}

export function PageLoader() {
  return (
    <Center mih="40vh">
      <LoadingMark />
    </Center>
  );
}

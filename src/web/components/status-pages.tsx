import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
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

/** SPEC §8: uncaught render errors show a generic page with the status or the message. */
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

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

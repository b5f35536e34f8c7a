import { useEffect, useState } from 'react';
import { Anchor, Button, Center, Loader, Stack, Text, Title, type MantineSize } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from '../i18n';
import { mayReloadForUpdate, reloadForUpdate, StaleBuildError } from './stale-build';

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

/**
 * docs/SPEC.md §8: an uncaught error shows a generic page — never its own text, which is a developer's (a stack,
 * "Failed to fetch dynamically imported module …"), in neither language. Code of an older build that could not
 * be fetched says that Atrium was updated and offers the reload that fixes it (docs/decisions/0049).
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (error instanceof StaleBuildError) return <UpdatedPage />;
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Center mih="60vh" component="main">
      <Stack align="center" maw={560} px="md">
        <Title order={1} ta="center">
          {t(missing ? 'errors.notFound.title' : 'errors.unexpected.title')}
        </Title>
        {!missing && (
          <Text c="gray.7" ta="center">
            {t('errors.unexpected.text')}
          </Text>
        )}
        <Anchor href="/">{t('errors.unexpected.back')}</Anchor>
      </Stack>
    </Center>
  );
}

/**
 * A newer version of Atrium replaced the code this page asked for: reloading opens the page in it. The page does
 * so once by itself — the address is already the one asked for — and says so, with the button, should the code
 * still fail to come (docs/decisions/0049).
 */
function UpdatedPage() {
  const { t } = useTranslation();
  const [reloading] = useState(() => mayReloadForUpdate());
  useEffect(() => {
    if (reloading) reloadForUpdate();
  }, [reloading]);
  if (reloading) return <PageLoader />;
  return (
    <Center mih="60vh" component="main">
      <Stack align="center" maw={560} px="md">
        <Title order={1} ta="center">
          {t('errors.updated.title')}
        </Title>
        <Text ta="center">{t('errors.updated.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errors.updated.reload')}</Button>
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

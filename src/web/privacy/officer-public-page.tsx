import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { GuestLayout } from '../components/guest-layout';
import { PageLoader } from '../components/status-pages';
import { useTranslation } from '../i18n';
import { useOfficer } from './api';

/** /privacy-officer (public, from the sign-in page): who is in charge of personal information, and how to reach them. */
export default function OfficerPublicPage() {
  const { t } = useTranslation();
  const officer = useOfficer();
  return (
    <GuestLayout title={t('privacy.officer.publicTitle')}>
      <Stack>
        <Text>{t('privacy.officer.intro')}</Text>
        {officer.isPending ? (
          <PageLoader />
        ) : !officer.data?.name ? (
          <Text c="gray.7">{t('privacy.officer.notNamed')}</Text>
        ) : (
          <dl>
            <Text component="dt" fw={600}>
              {t('privacy.officer.title')}
            </Text>
            <Text component="dd" ml={0}>
              {officer.data.name}, {officer.data.title}
            </Text>
            <Text component="dt" fw={600}>
              {t('privacy.officer.fields.email')}
            </Text>
            <Text component="dd" ml={0}>
              <Anchor href={`mailto:${officer.data.email}`}>{officer.data.email}</Anchor>
            </Text>
            {officer.data.phone && (
              <>
                <Text component="dt" fw={600}>
                  {t('privacy.officer.fields.phone')}
                </Text>
                <Text component="dd" ml={0}>
                  {officer.data.phone}
                </Text>
              </>
            )}
          </dl>
        )}
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.login.title')}
        </Anchor>
      </Stack>
    </GuestLayout>
  );
}

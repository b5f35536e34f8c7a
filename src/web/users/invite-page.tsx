import { Paper, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import { InviteForm } from './invite-form';

/** /invitations/invite: the invite form as a page (administrators only). */
export default function InvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack maw={560}>
      <Title order={1}>{t('invitations.invite.title')}</Title>
      <Paper withBorder p="lg" radius="md">
        <InviteForm onDone={() => void navigate('/users')} onCancel={() => void navigate('/users')} />
      </Paper>
    </Stack>
  );
}

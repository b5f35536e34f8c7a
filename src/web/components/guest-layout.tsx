import type { ReactNode } from 'react';
import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n';
import { LanguageSwitch } from './language-switch';

/** The frame of the signed-out pages: product name, language choice, one card. */
export function GuestLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack w="100%" maw={420}>
        <Group justify="space-between">
          <Text fw={700} size="xl" c="blue.8">
            {t('common.appName')}
          </Text>
          <LanguageSwitch />
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Title order={1} size="h2" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}

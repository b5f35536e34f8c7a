import { Alert, Button, CopyButton, Group, List, Stack, Title } from '@mantine/core';
import { useTranslation } from '../i18n';

/** New recovery codes, shown this once, with a way to copy them and to say they are kept. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack role="region" aria-labelledby="recovery-codes-title">
      <Title order={3} size="h4" id="recovery-codes-title">
        {t('twoFactor.recovery.listLabel')}
      </Title>
      <Alert color="yellow">{t('twoFactor.recovery.shownOnce')}</Alert>
      <List
        aria-labelledby="recovery-codes-title"
        listStyleType="none"
        styles={{ root: { fontFamily: 'monospace', fontSize: '1.05rem', columns: '2 10rem' } }}
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('twoFactor.recovery.copied') : t('twoFactor.recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('twoFactor.recovery.done')}</Button>
      </Group>
    </Stack>
  );
}

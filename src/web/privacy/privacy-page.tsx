import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from '../i18n';
import { DestructionTab } from './destruction-tab';
import { IncidentsTab } from './incidents-tab';
import { OfficerTab } from './officer-tab';
import { PeopleTab } from './people-tab';
import { RequestsTab } from './requests-tab';
import { RetentionTab } from './retention-tab';

/** /privacy (administrators, docs/decisions/0075): Law 25's person in charge, register, schedule, requests. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('privacy.officer.publicTitle')}</Title>
      <Tabs defaultValue="officer" keepMounted={false}>
        <Tabs.List className="privacy-no-print">
          <Tabs.Tab value="officer">{t('privacy.tabs.officer')}</Tabs.Tab>
          <Tabs.Tab value="incidents">{t('privacy.tabs.incidents')}</Tabs.Tab>
          <Tabs.Tab value="retention">{t('privacy.tabs.retention')}</Tabs.Tab>
          <Tabs.Tab value="destruction">{t('privacy.tabs.destruction')}</Tabs.Tab>
          <Tabs.Tab value="requests">{t('privacy.tabs.requests')}</Tabs.Tab>
          <Tabs.Tab value="people">{t('privacy.tabs.people')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="officer" pt="md">
          <OfficerTab />
        </Tabs.Panel>
        <Tabs.Panel value="incidents" pt="md">
          <IncidentsTab />
        </Tabs.Panel>
        <Tabs.Panel value="retention" pt="md">
          <RetentionTab />
        </Tabs.Panel>
        <Tabs.Panel value="destruction" pt="md">
          <DestructionTab />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          <RequestsTab />
        </Tabs.Panel>
        <Tabs.Panel value="people" pt="md">
          <PeopleTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

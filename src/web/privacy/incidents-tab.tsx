import { useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { formatDay, formatInstant } from '../../shared/intl';
import type { Incident } from '../../shared/schemas/privacy';
import { downloadFile } from '../api/client';
import { reportError } from '../components/server-errors';
import { TableOrCards } from '../components/table-or-cards';
import { toast } from '../components/toasts';
import { useTranslation, type KeyUnder } from '../i18n';
import { useIncident, useIncidents, useSaveIncident } from './api';
import { useFieldErrors } from './form-errors';

type Values = {
  personalInformation: string;
  circumstances: string;
  occurredOn: string;
  occurredUntil: string;
  discoveredOn: string;
  peopleCount: number | '';
  seriousHarmRisk: boolean;
  riskAssessment: string;
  commissionNotifiedOn: string;
  peopleNotifiedOn: string;
  measures: string;
};

const EMPTY: Values = {
  personalInformation: '',
  circumstances: '',
  occurredOn: '',
  occurredUntil: '',
  discoveredOn: '',
  peopleCount: '',
  seriousHarmRisk: false,
  riskAssessment: '',
  commissionNotifiedOn: '',
  peopleNotifiedOn: '',
  measures: '',
};

const valuesOf = (incident: Incident): Values => ({
  personalInformation: incident.personalInformation,
  circumstances: incident.circumstances,
  occurredOn: incident.occurredOn,
  occurredUntil: incident.occurredUntil ?? '',
  discoveredOn: incident.discoveredOn,
  peopleCount: incident.peopleCount ?? '',
  seriousHarmRisk: incident.seriousHarmRisk,
  riskAssessment: incident.riskAssessment,
  commissionNotifiedOn: incident.commissionNotifiedOn ?? '',
  peopleNotifiedOn: incident.peopleNotifiedOn ?? '',
  measures: incident.measures ?? '',
});

/** An entry of the register, new or corrected: every field the regulation names. */
function IncidentForm({ incident, onDone }: { incident: Incident | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveIncident();
  const { errors, clear, fail } = useFieldErrors();
  const [values, setValues] = useState<Values>(incident ? valuesOf(incident) : EMPTY);
  const f = (key: KeyUnder<'privacy.incidents.fields'>) => t(`privacy.incidents.fields.${key}`);
  const text = (name: Exclude<keyof Values, 'peopleCount' | 'seriousHarmRisk'>) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
    error: errors[name],
    label: f(name),
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        clear();
        const body = {
          personal_information: values.personalInformation,
          circumstances: values.circumstances,
          occurred_on: values.occurredOn || null,
          occurred_until: values.occurredUntil || null,
          discovered_on: values.discoveredOn || null,
          people_count: values.peopleCount === '' ? null : values.peopleCount,
          serious_harm_risk: values.seriousHarmRisk,
          risk_assessment: values.riskAssessment,
          commission_notified_on: values.commissionNotifiedOn || null,
          people_notified_on: values.peopleNotifiedOn || null,
          measures: values.measures,
        };
        save.mutate(
          { id: incident?.id ?? null, body },
          {
            onSuccess: () => {
              toast('success', t(incident ? 'privacy.incidents.corrected' : 'privacy.incidents.saved'));
              onDone();
            },
            onError: fail,
          },
        );
      }}
    >
      <Stack>
        <Textarea required autosize minRows={2} {...text('personalInformation')} />
        <Textarea required autosize minRows={2} {...text('circumstances')} />
        <Group grow align="flex-start">
          <TextInput type="date" required {...text('occurredOn')} />
          <TextInput type="date" {...text('occurredUntil')} />
        </Group>
        <TextInput type="date" required {...text('discoveredOn')} />
        <NumberInput
          label={f('peopleCount')}
          min={0}
          allowDecimal={false}
          value={values.peopleCount}
          onChange={(value) => setValues({ ...values, peopleCount: typeof value === 'number' ? value : '' })}
          error={errors['peopleCount']}
        />
        <Checkbox
          label={f('seriousHarmRisk')}
          checked={values.seriousHarmRisk}
          onChange={(event) => setValues({ ...values, seriousHarmRisk: event.currentTarget.checked })}
        />
        <Textarea required autosize minRows={2} {...text('riskAssessment')} />
        <Group grow align="flex-start">
          <TextInput type="date" {...text('commissionNotifiedOn')} />
          <TextInput type="date" {...text('peopleNotifiedOn')} />
        </Group>
        <Textarea autosize minRows={2} {...text('measures')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One entry with its corrections, newest first. */
function IncidentHistory({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const incident = useIncident(id);
  if (!incident.data) return null;
  const fieldName = (wire: string) =>
    t(
      `privacy.incidents.fields.${wire.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as KeyUnder<'privacy.incidents.fields'>}`,
    );
  return (
    <Stack gap="xs" mt="sm">
      <Title order={3} size="h5">
        {t('privacy.incidents.history')}
      </Title>
      {incident.data.history.length === 0 ? (
        <Text c="gray.7">{t('privacy.incidents.noHistory')}</Text>
      ) : (
        <ul>
          {incident.data.history.map((entry) => (
            <li key={entry.at}>
              <Text size="sm">
                {formatInstant(entry.at, i18n.language)} — {entry.author?.name ?? ''}
              </Text>
              <ul>
                {entry.changes.map((change) => (
                  <li key={change.field}>
                    <Text size="sm">
                      {fieldName(change.field)} : {String(change.from ?? '—')} → {String(change.to ?? '—')}
                    </Text>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}

/** The register of confidentiality incidents: record, correct (kept in history), print, export. */
export function IncidentsTab() {
  const { t, i18n } = useTranslation();
  const incidents = useIncidents();
  const [editing, setEditing] = useState<Incident | 'new' | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const day = (value: string | null) => (value ? (formatDay(value, i18n.language) ?? value) : '—');
  const f = (key: KeyUnder<'privacy.incidents.fields'>) => t(`privacy.incidents.fields.${key}`);

  return (
    <Stack>
      <Group justify="space-between" className="privacy-no-print">
        <Button onClick={() => setEditing('new')}>{t('privacy.incidents.add')}</Button>
        <Group>
          <Button variant="default" onClick={() => window.print()}>
            {t('privacy.incidents.print')}
          </Button>
          <Button variant="default" onClick={() => void downloadFile('/privacy/incidents.csv').catch(reportError)}>
            {t('privacy.incidents.exportCsv')}
          </Button>
        </Group>
      </Group>
      {incidents.data && incidents.data.length === 0 && <Text c="gray.7">{t('privacy.incidents.empty')}</Text>}
      {incidents.data && incidents.data.length > 0 && (
        <TableOrCards
          label={t('privacy.incidents.title')}
          rows={incidents.data}
          rowKey={(row) => row.id}
          columns={[
            { key: 'number', header: f('number'), cell: (row) => row.number, rowHeader: true, head: true },
            { key: 'discovered', header: f('discoveredOn'), cell: (row) => day(row.discoveredOn) },
            { key: 'information', header: f('personalInformation'), cell: (row) => row.personalInformation },
            { key: 'people', header: f('peopleCount'), cell: (row) => row.peopleCount ?? '—', numeric: true },
            {
              key: 'risk',
              header: f('seriousHarmRisk'),
              cell: (row) => (
                <Badge variant="outline" color={row.seriousHarmRisk ? 'red.9' : 'gray.8'}>
                  {t(row.seriousHarmRisk ? 'privacy.incidents.risk.yes' : 'privacy.incidents.risk.no')}
                </Badge>
              ),
            },
            { key: 'commission', header: f('commissionNotifiedOn'), cell: (row) => day(row.commissionNotifiedOn) },
            { key: 'people-notified', header: f('peopleNotifiedOn'), cell: (row) => day(row.peopleNotifiedOn) },
            {
              key: 'actions',
              header: f('measures'),
              cell: (row) => (
                <Stack gap={4}>
                  <Text size="sm">{row.measures ?? '—'}</Text>
                  <Text size="xs" c="gray.7">
                    {t('privacy.incidents.keepUntil', { date: day(row.keepUntil) })}
                  </Text>
                  <Group gap="xs" className="privacy-no-print">
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setEditing(row)}
                      aria-label={`${t('privacy.incidents.edit')} ${row.number}`}
                    >
                      {t('privacy.incidents.edit')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => setOpen(open === row.id ? null : row.id)}
                      aria-expanded={open === row.id}
                      aria-label={`${t('privacy.incidents.history')} ${row.number}`}
                    >
                      {t('privacy.incidents.history')}
                    </Button>
                  </Group>
                  {open === row.id && <IncidentHistory id={row.id} />}
                </Stack>
              ),
            },
          ]}
        />
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' || editing === null
            ? t('privacy.incidents.add')
            : `${t('privacy.incidents.edit')} ${editing.number}`
        }
        size="lg"
      >
        {editing !== null && (
          <IncidentForm incident={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}

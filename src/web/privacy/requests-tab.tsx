import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { formatDay } from '../../shared/intl';
import { PRIVACY_REQUEST_KINDS, type PrivacyRequestKind } from '../../shared/privacy/rules';
import type { PrivacyRequest } from '../../shared/schemas/privacy';
import { TableOrCards } from '../components/table-or-cards';
import { toast } from '../components/toasts';
import { useTranslation, type KeyUnder } from '../i18n';
import { useChangeRequest, useLogRequest, useRequests } from './api';
import { useFieldErrors } from './form-errors';

const EMPTY = { requesterName: '', kind: 'access' as PrivacyRequestKind, details: '', receivedOn: '' };

/** Marks a request answered with the answer given; the request's task closes with it. */
function AnswerForm({ request }: { request: PrivacyRequest }) {
  const { t } = useTranslation();
  const change = useChangeRequest();
  const { errors, clear, fail } = useFieldErrors();
  const [answer, setAnswer] = useState('');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        clear();
        change.mutate(
          { id: request.id, body: { state: 'answered', answer } },
          { onSuccess: () => toast('success', t('privacy.requests.changed')), onError: fail },
        );
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={`${t('privacy.requests.fields.answer')} (${request.requesterName})`}
          value={answer}
          onChange={(event) => setAnswer(event.currentTarget.value)}
          error={errors['answer']}
          autosize
          minRows={2}
        />
        <div>
          <Button type="submit" size="compact-sm" loading={change.isPending}>
            {t('privacy.requests.markAnswered')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

/** Access and rectification requests: logged with their receipt, due 30 days later, answered. */
export function RequestsTab() {
  const { t, i18n } = useTranslation();
  const requests = useRequests();
  const log = useLogRequest();
  const { errors, clear, fail } = useFieldErrors();
  const [values, setValues] = useState(EMPTY);
  const f = (key: KeyUnder<'privacy.requests.fields'>) => t(`privacy.requests.fields.${key}`);
  const day = (value: string | null) => (value ? (formatDay(value, i18n.language) ?? value) : '—');

  return (
    <Stack>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          clear();
          log.mutate(
            {
              requester_name: values.requesterName,
              kind: values.kind,
              details: values.details,
              received_on: values.receivedOn || null,
            },
            {
              onSuccess: () => {
                setValues(EMPTY);
                toast('success', t('privacy.requests.saved'));
              },
              onError: fail,
            },
          );
        }}
      >
        <Stack maw={560}>
          <TextInput
            label={f('requesterName')}
            required
            value={values.requesterName}
            onChange={(event) => setValues({ ...values, requesterName: event.currentTarget.value })}
            error={errors['requesterName']}
          />
          <Select
            label={f('kind')}
            data={PRIVACY_REQUEST_KINDS.map((kind) => ({ value: kind, label: t(`privacy.requests.kind.${kind}`) }))}
            value={values.kind}
            onChange={(value) => setValues({ ...values, kind: (value ?? 'access') as PrivacyRequestKind })}
            allowDeselect={false}
          />
          <Textarea
            label={f('details')}
            required
            value={values.details}
            onChange={(event) => setValues({ ...values, details: event.currentTarget.value })}
            error={errors['details']}
            autosize
            minRows={2}
          />
          <TextInput
            label={f('receivedOn')}
            type="date"
            required
            value={values.receivedOn}
            onChange={(event) => setValues({ ...values, receivedOn: event.currentTarget.value })}
            error={errors['receivedOn']}
          />
          <Group>
            <Button type="submit" loading={log.isPending}>
              {t('privacy.requests.add')}
            </Button>
          </Group>
        </Stack>
      </form>
      {requests.data && requests.data.length === 0 && <Text c="gray.7">{t('privacy.requests.empty')}</Text>}
      {requests.data && requests.data.length > 0 && (
        <TableOrCards
          label={t('privacy.requests.title')}
          rows={requests.data}
          rowKey={(row) => row.id}
          columns={[
            { key: 'who', header: f('requesterName'), cell: (row) => row.requesterName, rowHeader: true, head: true },
            { key: 'kind', header: f('kind'), cell: (row) => t(`privacy.requests.kind.${row.kind}`) },
            { key: 'details', header: f('details'), cell: (row) => row.details },
            { key: 'received', header: f('receivedOn'), cell: (row) => day(row.receivedOn) },
            { key: 'due', header: f('dueOn'), cell: (row) => day(row.dueOn) },
            {
              key: 'state',
              header: f('state'),
              cell: (row) =>
                row.state === 'open' ? (
                  <Stack gap={4}>
                    <Badge variant="outline" color="blue.9">
                      {t('privacy.requests.state.open')}
                    </Badge>
                    <AnswerForm request={row} />
                  </Stack>
                ) : (
                  <Stack gap={4}>
                    <Badge variant="outline" color="teal.9">
                      {t(`privacy.requests.state.${row.state}`)}
                    </Badge>
                    <Text size="sm">
                      {day(row.answeredOn)} — {row.answer}
                    </Text>
                  </Stack>
                ),
            },
          ]}
        />
      )}
    </Stack>
  );
}

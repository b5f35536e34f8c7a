import { useState } from 'react';
import type { Officer } from '../../shared/schemas/privacy';
import { PageLoader } from '../components/status-pages';
import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useUserOptions } from '../api/user-options';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { useOfficer, useSaveOfficer } from './api';
import { useFieldErrors } from './form-errors';

/** The person in charge of the protection of personal information: published on the sign-in page and printouts. */
export function OfficerTab() {
  const officer = useOfficer();
  if (!officer.data) return <PageLoader />;
  return <OfficerForm officer={officer.data} key={officer.data.updatedAt ?? 'none'} />;
}

function OfficerForm({ officer }: { officer: Officer }) {
  const { t } = useTranslation();
  const save = useSaveOfficer();
  const users = useUserOptions('');
  const { errors, clear, fail } = useFieldErrors();
  const [values, setValues] = useState(() => ({
    name: officer.name ?? '',
    title: officer.title ?? '',
    email: officer.email ?? '',
    phone: officer.phone ?? '',
    userId: officer.userId ?? '',
  }));
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
    error: errors[name],
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        clear();
        save.mutate(
          {
            name: values.name,
            title: values.title,
            email: values.email,
            phone: values.phone,
            user_id: values.userId || null,
          },
          { onSuccess: () => toast('success', t('privacy.officer.saved')), onError: fail },
        );
      }}
    >
      <Stack maw={560}>
        <Text>{t('privacy.officer.intro')}</Text>
        {officer.name === null && <Text c="gray.7">{t('privacy.officer.notNamed')}</Text>}
        <TextInput label={t('privacy.officer.fields.name')} required {...field('name')} />
        <TextInput label={t('privacy.officer.fields.title')} required {...field('title')} />
        <TextInput label={t('privacy.officer.fields.email')} type="email" required {...field('email')} />
        <TextInput label={t('privacy.officer.fields.phone')} type="tel" {...field('phone')} />
        <Select
          label={t('privacy.officer.fields.userId')}
          data={[
            { value: '', label: t('privacy.officer.noAccount') },
            ...(users.data ?? []).map((user) => ({ value: user.id, label: user.fullName })),
          ]}
          value={values.userId}
          onChange={(value) => setValues({ ...values, userId: value ?? '' })}
          error={errors['userId']}
          allowDeselect={false}
        />
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

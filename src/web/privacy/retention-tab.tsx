import { useState } from 'react';
import type { RetentionRule } from '../../shared/schemas/privacy';
import { PageLoader } from '../components/status-pages';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import type { DocumentCategory } from '../../shared/companies';
import { useLookup } from '../api/lookups';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { useRules, useSaveRules } from './api';
import { useFieldErrors } from './form-errors';

interface Row {
  key: number;
  categoryId: string;
  years: number | '';
  months: number | '';
}

const CLOSED = 'closed';
let nextKey = 0;

/** The retention schedule: a period per document category and one for closed files, saved whole. */
export function RetentionTab() {
  const rules = useRules();
  if (!rules.data) return <PageLoader />;
  return <RetentionForm rules={rules.data} />;
}

function RetentionForm({ rules }: { rules: RetentionRule[] }) {
  const { t } = useTranslation();
  const save = useSaveRules();
  const categories = useLookup<DocumentCategory>('/documents/categories');
  const { errors, clear, fail } = useFieldErrors();
  const [rows, setRows] = useState<Row[]>(() =>
    rules.map((rule) => ({
      key: nextKey++,
      categoryId: rule.categoryId ?? CLOSED,
      years: rule.years,
      months: rule.months,
    })),
  );
  const choices = [
    { value: CLOSED, label: t('privacy.retention.closedFiles') },
    ...(categories.data ?? []).flatMap((category) => [
      { value: category.id, label: category.name },
      ...category.children.map((child) => ({ value: child.id, label: `${category.name} › ${child.name}` })),
    ]),
  ];
  const labelOf = (id: string) => choices.find((choice) => choice.value === id)?.label ?? '';
  const update = (key: number, change: Partial<Row>) =>
    setRows(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        clear();
        save.mutate(
          rows.map((row) => ({
            categoryId: row.categoryId === CLOSED ? null : row.categoryId,
            years: row.years === '' ? 0 : row.years,
            months: row.months === '' ? 0 : row.months,
          })),
          { onSuccess: () => toast('success', t('privacy.retention.saved')), onError: fail },
        );
      }}
    >
      <Stack maw={760}>
        <Text>{t('privacy.retention.intro')}</Text>
        {rows.map((row, index) => (
          <Group key={row.key} align="flex-start" wrap="wrap">
            <Select
              label={t('privacy.retention.category')}
              data={choices}
              value={row.categoryId}
              onChange={(value) => update(row.key, { categoryId: value ?? CLOSED })}
              allowDeselect={false}
              searchable
              error={errors[`rules.${index}.categoryId`]}
              w={300}
            />
            <NumberInput
              label={t('privacy.retention.years')}
              value={row.years}
              onChange={(value) => update(row.key, { years: typeof value === 'number' ? value : '' })}
              allowDecimal={false}
              error={errors[`rules.${index}.years`]}
              w={120}
            />
            <NumberInput
              label={t('privacy.retention.months')}
              value={row.months}
              onChange={(value) => update(row.key, { months: typeof value === 'number' ? value : '' })}
              allowDecimal={false}
              error={errors[`rules.${index}.months`]}
              w={120}
            />
            <ActionIcon
              variant="subtle"
              color="red.9"
              mt={28}
              onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
              aria-label={t('privacy.retention.remove', { name: labelOf(row.categoryId) })}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            onClick={() =>
              setRows([
                ...rows,
                {
                  key: nextKey++,
                  categoryId: rows.some((row) => row.categoryId === CLOSED) ? (choices[1]?.value ?? CLOSED) : CLOSED,
                  years: 7,
                  months: 0,
                },
              ])
            }
          >
            {t('privacy.retention.add')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('privacy.retention.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { useId, type ReactNode } from 'react';
import { ActionIcon, Group, Paper, Text, Title, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Tooltip.css';
import { useTranslation } from '../i18n';

/** A titled part of the dashboard: a region named by its title, with an optional line under it. */
export function Section({
  title,
  hint,
  actions,
  children,
}: {
  title: string;
  hint?: string;
  /** Beside the title (a link to a setting, an export). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" gap="xs" mb={hint ? 0 : 'sm'}>
        <Title order={2} size="h3">
          {title}
        </Title>
        {actions}
      </Group>
      {hint && (
        <Text size="sm" c="gray.7" mb="sm">
          {hint}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/**
 * A ratio's formula (ADR 0037: each with its formula in a tooltip): a small button that shows it on hover, on
 * keyboard focus and on touch, and whose description is the formula itself, so a screen reader reads it too.
 */
export function FormulaTip({ name, formula }: { name: string; formula: string }) {
  const { t } = useTranslation();
  const described = useId();
  return (
    <>
      <Tooltip label={formula} multiline w={300} withArrow events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="sm"
          radius="xl"
          aria-label={t('servicing.portfolio.risk.formula', { name })}
          aria-describedby={described}
        >
          <span aria-hidden>?</span>
        </ActionIcon>
      </Tooltip>
      <span id={described} className="visually-hidden">
        {formula}
      </span>
    </>
  );
}

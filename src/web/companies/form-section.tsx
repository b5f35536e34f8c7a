import { useId, type ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';

/** One titled part of the company form; a landmark named by its heading. */
export function FormSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="lg" radius="md">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        {action}
      </Group>
      <Stack>{children}</Stack>
    </Paper>
  );
}

/** What an optional section shows before anything is added: a sentence and the add button. */
export function EmptySection({ text, addLabel, onAdd }: { text: string; addLabel: string; onAdd: () => void }) {
  return (
    <Stack align="flex-start" gap="xs">
      <Text c="gray.7">{text}</Text>
      <Button variant="light" onClick={onAdd}>
        {addLabel}
      </Button>
    </Stack>
  );
}

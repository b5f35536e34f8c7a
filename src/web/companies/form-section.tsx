import { useId, type ReactNode, type Ref } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';

/**
 * One titled part of the company form; a landmark named by its heading. The heading can take the focus
 * (`headingRef`), where a removed row hands it so that keyboard users are not sent back to the top.
 */
export function FormSection({
  title,
  children,
  action,
  headingRef,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="lg" radius="md">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h3" id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {title}
        </Title>
        {action}
      </Group>
      <Stack>{children}</Stack>
    </Paper>
  );
}

/** After a removal re-renders the section, the focus goes to its heading. */
export function focusLater(target: { current: HTMLElement | null }): void {
  requestAnimationFrame(() => target.current?.focus());
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

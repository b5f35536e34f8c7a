import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** A titled part of a record's screen (a loan, a funding request): a landmark named by its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/**
 * A form standing on its own on a screen: a bordered card named by its heading, checked by its schema rather than
 * by the browser (noValidate). `stack` spaces the heading and the parts evenly; otherwise the parts sit under the
 * heading as the caller lays them out.
 */
export function FormCard({
  title,
  onSubmit,
  stack = false,
  children,
}: {
  title: string;
  onSubmit: (event: BaseSyntheticEvent) => Promise<void>;
  stack?: boolean;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h3" mb={stack ? undefined : 'sm'}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder p="md" component="form" aria-label={title} noValidate onSubmit={(event) => void onSubmit(event)}>
      {stack ? (
        <Stack>
          {heading}
          {children}
        </Stack>
      ) : (
        <>
          {heading}
          {children}
        </>
      )}
    </Paper>
  );
}

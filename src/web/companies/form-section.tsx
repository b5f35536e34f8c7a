import { createContext, useContext, useId, useRef, type CSSProperties, type ReactNode, type Ref } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation, type WebCatalogKey } from '../i18n';

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

/**
 * A section of repeatable rows (owners, contributions, blocks, statements), its words under
 * `companies.form.<part>`: before the first row, the empty sentence and the add buttons; once there is one, the
 * add buttons beside the title. The first add is the main one (the empty sentence's); more than one stand together
 * in a group. A row's remove button hands the focus to the section's heading.
 */
export function RowsSection({
  part,
  count,
  adds,
  children,
}: {
  part: 'owners' | 'financialStatements' | 'financialContributions' | 'blocks';
  count: number;
  adds: readonly [RowAdd, ...RowAdd[]];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const label = (add: RowAdd) => t(add.label);
  const [main, ...more] = adds;
  const addButton = (add: RowAdd, style?: CSSProperties) => (
    <Button key={add.label} variant="light" onClick={add.onAdd} style={style}>
      {label(add)}
    </Button>
  );
  const action = more.length === 0 ? addButton(main) : <Group gap="xs">{adds.map((add) => addButton(add))}</Group>;
  return (
    <FormSection
      title={t(`companies.form.sections.${part}`)}
      headingRef={heading}
      action={count > 0 ? action : undefined}
    >
      {count === 0 && (
        <>
          <EmptySection text={t(`companies.form.${part}.empty`)} addLabel={label(main)} onAdd={main.onAdd} />
          {more.map((add) => addButton(add, { alignSelf: 'flex-start' }))}
        </>
      )}
      <SectionHeading.Provider value={heading}>{children}</SectionHeading.Provider>
    </FormSection>
  );
}

/** An add button of a RowsSection: its label's catalog key, and what it adds. */
type RowAdd = { label: WebCatalogKey; onAdd: () => void };

const SectionHeading = createContext<{ current: HTMLElement | null }>({ current: null });

/** A row's remove button; the focus then goes to the section's heading, the row being gone. */
export function RemoveRowButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  const heading = useContext(SectionHeading);
  return (
    <Button
      variant="subtle"
      color="red.9"
      c="red.9"
      onClick={() => {
        onRemove();
        focusLater(heading);
      }}
    >
      {label}
    </Button>
  );
}

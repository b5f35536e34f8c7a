import { Button, Group } from '@mantine/core';

/**
 * A form's Cancel and submit buttons. Neither takes the focus on mouse down: leaving a field validates it, and a
 * message appearing above the buttons would push them down between the press and the release, so the click would
 * land beside them. Every form that validates on blur ends with these.
 */
export function FormButtons({
  onCancel,
  cancel,
  submit,
  busy,
}: {
  onCancel(): void;
  cancel: string;
  submit: string;
  busy: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} onMouseDown={(e) => e.preventDefault()}>
        {cancel}
      </Button>
      <Button type="submit" loading={busy} onMouseDown={(e) => e.preventDefault()}>
        {submit}
      </Button>
    </Group>
  );
}

/** The submit button, alone at the end of a form without a Cancel (a section of a page), kept from a second press. */
export function SubmitRow({ busy, children }: { busy: boolean; children: string }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={busy} disabled={busy}>
        {children}
      </Button>
    </Group>
  );
}

import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { Providers, createQueryClient } from '../providers';
import { setLocale } from '../i18n';
import { Modal } from '@mantine/core';
import { ModalGuardProvider, useGuardedClose, useUnsavedChanges } from './unsaved-changes';

/** A form page the way the app's forms use the guard: typed text makes it dirty, Save releases it. */
function FormPage() {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const guard = useUnsavedChanges(value !== '');
  return (
    <>
      <label>
        Name
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <button type="button" onClick={() => void navigate('/list')}>
        Cancel
      </button>
      <button
        type="button"
        onClick={() => {
          guard.release();
          void navigate('/list');
        }}
      >
        Save
      </button>
      <Link to="/list">Elsewhere</Link>
    </>
  );
}

/** One of two forms on a page, as My account has its profile and its reminders. */
function SmallForm({ label }: { label: string }) {
  const [value, setValue] = useState('');
  useUnsavedChanges(value !== '');
  return (
    <label>
      {label}
      <input value={value} onChange={(event) => setValue(event.target.value)} />
    </label>
  );
}

function TwoFormsPage() {
  return (
    <>
      <SmallForm label="Profile" />
      <SmallForm label="Reminders" />
      <Link to="/list">Elsewhere</Link>
    </>
  );
}

/** A modal form as the document, event and invite modals use the guard. */
function ModalForm({ onCancel, onSaved }: { onCancel(): void; onSaved(): void }) {
  const [value, setValue] = useState('');
  const guard = useUnsavedChanges(value !== '');
  return (
    <>
      <label>
        Note
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <button type="button" onClick={onCancel}>
        Close form
      </button>
      <button
        type="button"
        onClick={() => {
          guard.release();
          onSaved();
        }}
      >
        Save
      </button>
    </>
  );
}

function ModalPage() {
  const [opened, setOpened] = useState(true);
  const guard = useGuardedClose(() => setOpened(false));
  return (
    <Modal opened={opened} onClose={guard.close} title="New note" transitionProps={{ duration: 0 }}>
      <ModalGuardProvider value={guard}>
        <ModalForm onCancel={guard.close} onSaved={() => setOpened(false)} />
      </ModalGuardProvider>
    </Modal>
  );
}

const PAGES = { form: <FormPage />, modal: <ModalPage />, twoForms: <TwoFormsPage /> };

function renderForm(page: keyof typeof PAGES = 'form') {
  const router = createMemoryRouter(
    [
      { path: '/form', element: PAGES[page] },
      { path: '/list', element: <h1>The list</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('useUnsavedChanges', () => {
  beforeEach(async () => {
    await setLocale('en');
  });

  it('leaves an unchanged form at once', async () => {
    const router = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/list');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before a changed form is left; staying keeps what was typed', async () => {
    const router = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Draft');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(router.state.location.pathname).toBe('/form');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Draft');
  });

  it('leaves a changed form when the user discards the changes', async () => {
    const router = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Draft');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard the changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
  });

  it('does not ask after a successful save', async () => {
    const router = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Draft');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(router.state.location.pathname).toBe('/list');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  // The router heeds only the last blocker registered: each form's must ask for the page's every form.
  for (const changed of ['Profile', 'Reminders']) {
    it(`asks when one of two forms on the page is changed: ${changed}`, async () => {
      const router = renderForm('twoForms');
      await userEvent.type(screen.getByRole('textbox', { name: changed }), 'Draft');
      await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
      const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(router.state.location.pathname).toBe('/form');
      expect(screen.getByRole('textbox', { name: changed })).toHaveValue('Draft');
      // Only one question per navigation, whichever form's blocker the router heeded.
      await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
      expect(await screen.findAllByRole('dialog', { name: 'Discard your changes?' })).toHaveLength(1);
    });
  }

  it('leaves a page of two unchanged forms at once', async () => {
    const router = renderForm('twoForms');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(router.state.location.pathname).toBe('/list');
  });

  it('asks in French on a French screen', async () => {
    await setLocale('fr');
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Brouillon');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abandonner vos modifications ?' });
    expect(within(dialog).getByRole('button', { name: 'Abandonner les modifications' })).toBeVisible();
  });
});

describe('a form in a modal (useGuardedClose)', () => {
  beforeEach(async () => {
    await setLocale('en');
  });
  const modal = () => screen.queryByRole('dialog', { name: 'New note' });

  it('closes at once while unchanged, by Escape as by its Cancel', async () => {
    renderForm('modal');
    expect(modal()).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(modal()).toBeNull());
  });

  it('asks before Escape, the close button or Cancel throws away what was typed; staying keeps it', async () => {
    renderForm('modal');
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Draft');
    for (const close of [
      () => userEvent.keyboard('{Escape}'),
      () => userEvent.click(screen.getByRole('button', { name: 'Close form' })),
    ]) {
      await close();
      const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
      await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
      expect(modal()).not.toBeNull();
      expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Draft');
    }
    await userEvent.click(screen.getByRole('button', { name: 'Close form' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Discard the changes' }));
    await waitFor(() => expect(modal()).toBeNull());
  });

  it('closes without asking after a successful save', async () => {
    renderForm('modal');
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Draft');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(modal()).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
  });
});

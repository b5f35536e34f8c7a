import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { Providers, createQueryClient } from '../providers';
import { setLocale } from '../i18n';
import { useUnsavedChanges } from './unsaved-changes';

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

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <FormPage /> },
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

  it('asks in French on a French screen', async () => {
    await setLocale('fr');
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Brouillon');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abandonner vos modifications ?' });
    expect(within(dialog).getByRole('button', { name: 'Abandonner les modifications' })).toBeVisible();
  });
});

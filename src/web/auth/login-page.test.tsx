import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/render';
import { setLocale } from '../i18n';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('routing when signed out', () => {
  it('sends an unknown path to the French sign-in screen', async () => {
    await setLocale('fr');
    const { router } = renderApp('/nothing/here');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows field messages only once the field is touched, then all of them on submit', async () => {
    await setLocale('en');
    renderApp('/login');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(screen.queryByText('Field is required')).not.toBeInTheDocument();
    await userEvent.type(email, 'nope');
    await userEvent.tab();
    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument();
    expect(screen.queryByText('Field is required')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText('Field is required')).toBeInTheDocument());
  });

  it('keeps the chosen language in localStorage', async () => {
    await setLocale('en');
    expect(localStorage.getItem('locale')).toBe('en');
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('focuses the first field in error on a refused submit, and sends the email as the schema gives it', async () => {
    await setLocale('en');
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ errors: { code: 'invalid_credentials', message: 'no' } }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/login');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    await userEvent.type(password, ' secret ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(email).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(email, '  Ada@Example.ORG ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/sign_in?locale=en');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@example.org', password: ' secret ' });
    expect(await screen.findByText('The credentials you provided were invalid. Please try again.')).toBeInTheDocument();
  });

  it('checks the forgot-password form like its schema', async () => {
    await setLocale('fr');
    renderApp('/passwords/forgot');
    const email = await screen.findByRole('textbox', { name: 'Courriel' });
    await userEvent.type(email, 'pas-une-adresse');
    await userEvent.tab();
    expect(await screen.findByText('Doit être une adresse courriel valide')).toBeInTheDocument();
  });
});

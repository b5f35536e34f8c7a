import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/render';
import { setLocale } from '../i18n';

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
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import ResetPasswordPage from './reset-password.tsx';

describe('ResetPasswordPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says the link is invalid when the token is missing and offers a new one', () => {
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password', initialEntry: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Lien de réinitialisation invalide. Veuillez redemander un lien.',
    );
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('Nouveau mot de passe')).not.toBeInTheDocument();
  });

  it('checks length and confirmation, then sends the token with the new password', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { message: 'ok' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password', initialEntry: '/reset-password?token=abc' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nouveau mot de passe'), '123');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), '456');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText('Le mot de passe doit contenir au moins 6 caractères')).toBeInTheDocument();
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getAllByRole('button', { name: 'Afficher le mot de passe' })[0]!);
    expect(screen.getByLabelText('Nouveau mot de passe')).toHaveAttribute('type', 'text');

    await user.clear(screen.getByLabelText('Nouveau mot de passe'));
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'nouveau1');
    await user.clear(screen.getByLabelText('Confirmer le nouveau mot de passe'));
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'nouveau1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Votre mot de passe a été modifié');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/reset-password');
    expect(JSON.parse(init?.body as string)).toEqual({ token: 'abc', new_password: 'nouveau1' });
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { trust } from '#shared/messages/trust.ts';
import { dataRightsLinkPage } from '#shared/messages/trust-web.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import AuthDialog from './auth-dialog.tsx';

const me = currentUserFixture({ role: 'helpee' });

function renderDialog(mode: 'login' | 'signup') {
  const onOpenChange = vi.fn();
  renderWithProviders(<AuthDialog open mode={mode} onModeChange={() => undefined} onOpenChange={onOpenChange} />);
  return { onOpenChange, user: userEvent.setup() };
}

describe('AuthDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the signup validation messages of the spec without calling the API', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderDialog('signup');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'lea@exemple.fr');
    await user.type(screen.getByLabelText('Mot de passe'), '12345');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), '54321');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Le mot de passe doit contenir au moins 6 caractères')).toBeInTheDocument();
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires e-mail and password to log in', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { user } = renderDialog('login');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText("L'adresse e-mail est obligatoire.")).toBeInTheDocument();
    expect(screen.getByText('Le mot de passe est obligatoire.')).toBeInTheDocument();
  });

  it('shows the server message on a refused login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(401, { detail: 'Adresse e-mail ou mot de passe incorrect.', code: 'INVALID_CREDENTIALS' }),
      ),
    );
    const { user, onOpenChange } = renderDialog('login');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'lea@exemple.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Adresse e-mail ou mot de passe incorrect.');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: dataRightsLinkPage.fromLogin })).toBeNull();
  });

  it('a suspended account is refused with a link to the page that mails its data', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, { detail: trust.accountSuspended, code: ErrorCode.ACCOUNT_SUSPENDED })),
    );
    const { user, onOpenChange } = renderDialog('login');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'lea@exemple.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(trust.accountSuspended);
    const link = screen.getByRole('link', { name: dataRightsLinkPage.fromLogin });
    expect(link).toHaveAttribute('href', '/mes-donnees');
    await user.click(link);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('falls back to "Erreur de connexion" when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { user } = renderDialog('login');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'lea@exemple.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de connexion');
  });

  it('signs up, then logs in automatically and closes', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : input.toString();
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.endsWith('/auth/signup')) return jsonResponse(201, me);
        if (url.endsWith('/auth/login')) return jsonResponse(200, { access_token: 'tok-1', token_type: 'bearer' });
        if (url.endsWith('/users/me')) return jsonResponse(200, me);
        return jsonResponse(404, { detail: 'x' });
      }),
    );
    const { user, onOpenChange } = renderDialog('signup');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'lea@exemple.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret1');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls).toEqual(['POST /api/v1/auth/signup', 'POST /api/v1/auth/login', 'GET /api/v1/users/me']);
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok-1');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { profile } from '#shared/messages/profile.ts';
import type { CurrentUser } from '#shared/schemas/users.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { verificationFixture } from '#web/testing/users.ts';
import EditProfilePage from './edit-profile.tsx';

const me: CurrentUser = {
  id: '5b0c9d5e-8f6a-4a57-9a43-0d3f2f1f4a11',
  email: 'ines@exemple.fr',
  display_name: 'Inès Garnier',
  username: 'ines',
  first_name: null,
  last_name: null,
  bio: 'Une bio',
  avatar_url: null,
  profile_image_url: null,
  tags: [],
  is_verified: false,
  verification: verificationFixture(),
  email_verified: true,
  pending_email: null,
  role: 'helpee',
  created_at: '2026-01-01T00:00:00.000Z',
};

/** GET /users/me answers `me`; PUT /users/me answers what `onPut` gives. */
function stubApi(onPut: (body: Record<string, unknown>) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url === '/api/v1/users/me' && (init?.method ?? 'GET') === 'GET') return jsonResponse(200, me);
    if (url === '/api/v1/users/me' && init?.method === 'PUT') {
      return onPut(JSON.parse(init.body as string) as Record<string, unknown>);
    }
    return jsonResponse(404, { detail: 'introuvable', code: ErrorCode.ROUTE_NOT_FOUND });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const putBodies = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>);

describe('EditProfilePage: current password for a new e-mail or password', () => {
  beforeEach(() => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'ancien-jeton');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the current password once the e-mail changes, sends it, and keeps the session with the fresh token', async () => {
    const fetchMock = stubApi((body) => jsonResponse(200, { ...me, email: body.email, access_token: 'nouveau-jeton' }));
    renderWithProviders(<EditProfilePage />, { path: '/edit-profile' });
    const user = userEvent.setup();
    const email = await screen.findByLabelText(profile.email);
    expect(screen.queryByLabelText(profile.currentPassword)).not.toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'ines.nouvelle@exemple.fr');
    await user.type(await screen.findByLabelText(profile.currentPassword), 'motdepasse-actuel');
    await user.click(screen.getByRole('button', { name: profile.save }));

    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    expect(putBodies(fetchMock)[0]).toMatchObject({
      email: 'ines.nouvelle@exemple.fr',
      current_password: 'motdepasse-actuel',
    });
    await waitFor(() => expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('nouveau-jeton'));
  });

  it('asks for it for a new password too, and shows a wrong one under the field', async () => {
    const fetchMock = stubApi(() =>
      jsonResponse(403, { detail: profile.currentPasswordWrong, code: ErrorCode.CURRENT_PASSWORD_WRONG }),
    );
    renderWithProviders(<EditProfilePage />, { path: '/edit-profile' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(profile.newPassword), 'nouveau-secret');
    await user.type(screen.getByLabelText(profile.currentPassword), 'pas-le-bon');
    await user.click(screen.getByRole('button', { name: profile.save }));

    expect(await screen.findByText(profile.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText(profile.currentPassword)).toHaveAttribute('aria-invalid', 'true');
    expect(putBodies(fetchMock)[0]).toMatchObject({ new_password: 'nouveau-secret', current_password: 'pas-le-bon' });
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('ancien-jeton');
  });

  it('sends no current password for a change of name only', async () => {
    const fetchMock = stubApi((body) => jsonResponse(200, { ...me, display_name: body.display_name }));
    renderWithProviders(<EditProfilePage />, { path: '/edit-profile' });
    const user = userEvent.setup();
    const name = await screen.findByLabelText(profile.displayName);
    await user.clear(name);
    await user.type(name, 'Inès G.');
    await user.click(screen.getByRole('button', { name: profile.save }));

    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    expect(putBodies(fetchMock)[0]).not.toHaveProperty('current_password');
    expect(screen.queryByLabelText(profile.currentPassword)).not.toBeInTheDocument();
  });
});

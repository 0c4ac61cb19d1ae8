import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { dataRightsPanel } from '#shared/messages/trust-web.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { attachmentResponse, savedDownloads, stubApiRoutes, stubObjectUrls } from '#web/testing/api-stub.ts';
import { currentUserFixture } from '#web/testing/users.ts';
import { DataRightsCard } from './data-rights-card.tsx';

const me = currentUserFixture();

/** GET /users/me answers `me`; `routes` answer the rest by "METHOD /path"; every call is recorded. */
const stubApi = (routes: Record<string, () => Response>) =>
  stubApiRoutes({ 'GET /users/me': () => jsonResponse(200, me), ...routes });

async function renderCard() {
  const view = renderWithProviders(<DataRightsCard />, { path: '/edit-profile' });
  await waitFor(() => expect(view.queryClient.getQueryData(queryKeys.currentUser)).toBeDefined());
  return { ...view, user: userEvent.setup() };
}

describe('DataRightsCard', () => {
  let objectUrls: ReturnType<typeof stubObjectUrls>;
  beforeEach(() => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'jeton');
    objectUrls = stubObjectUrls();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    objectUrls.restore();
  });

  it('"Télécharger mes données" fetches GET /users/me/export with the token and saves it under the server’s name', async () => {
    const calls = stubApi({
      'GET /users/me/export': () => attachmentResponse({ profile: { id: me.id } }, 'appui-mes-donnees-2030-01-05.json'),
    });
    const saved = savedDownloads();
    const success = vi.spyOn(toast, 'success');
    const { user } = await renderCard();

    await user.click(screen.getByRole('button', { name: dataRightsPanel.exportButton }));

    await waitFor(() => expect(saved).toEqual(['appui-mes-donnees-2030-01-05.json']));
    const exportCall = calls.find((call) => call.path === '/users/me/export');
    expect(exportCall?.method).toBe('GET');
    expect(exportCall?.headers.get('Authorization')).toBe('Bearer jeton');
    expect(exportCall?.headers.get('Accept')).toBe('application/json');
    expect(objectUrls.createObjectURL).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith(dataRightsPanel.exportDone);
  });

  it('says so when the export fails', async () => {
    stubApi({ 'GET /users/me/export': () => jsonResponse(500, { detail: 'Erreur', code: 'INTERNAL' }) });
    const error = vi.spyOn(toast, 'error');
    const { user } = await renderCard();
    await user.click(screen.getByRole('button', { name: dataRightsPanel.exportButton }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(dataRightsPanel.exportError, expect.anything()));
  });

  it('the erasure dialog states its effects and requires the password', async () => {
    const calls = stubApi({});
    const { user } = await renderCard();
    await user.click(screen.getByRole('button', { name: dataRightsPanel.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: dataRightsPanel.dialogTitle });
    for (const effect of dataRightsPanel.effects) expect(within(dialog).getByText(effect)).toBeInTheDocument();
    expect(within(dialog).getByText(dataRightsPanel.irreversible)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: dataRightsPanel.confirm }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(dataRightsPanel.passwordRequired);
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it('a wrong password is said under the field and the session stays', async () => {
    stubApi({
      'DELETE /users/me': () =>
        jsonResponse(403, { detail: 'Mot de passe actuel incorrect', code: ErrorCode.CURRENT_PASSWORD_WRONG }),
    });
    const { user, router } = await renderCard();
    await user.click(screen.getByRole('button', { name: dataRightsPanel.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: dataRightsPanel.dialogTitle });
    const password = within(dialog).getByLabelText(dataRightsPanel.passwordLabel);
    await user.type(password, 'pas-le-bon');
    await user.click(within(dialog).getByRole('button', { name: dataRightsPanel.confirm }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Mot de passe actuel incorrect');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveValue('pas-le-bon');
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('jeton');
    expect(router.state.location.pathname).toBe('/edit-profile');
  });

  it('confirmed with the password: DELETE /users/me, logged out, sent home, a toast', async () => {
    const calls = stubApi({ 'DELETE /users/me': () => new Response(null, { status: 204 }) });
    const success = vi.spyOn(toast, 'success');
    const { user, router, queryClient } = await renderCard();
    await user.click(screen.getByRole('button', { name: dataRightsPanel.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: dataRightsPanel.dialogTitle });
    await user.type(within(dialog).getByLabelText(dataRightsPanel.passwordLabel), 'mon mot de passe');
    await user.click(within(dialog).getByRole('button', { name: dataRightsPanel.confirm }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: '/users/me', body: { password: 'mon mot de passe' } }),
    ]);
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(queryKeys.currentUser)).toBeUndefined();
    expect(success).toHaveBeenCalledWith(dataRightsPanel.deleted, { description: dataRightsPanel.deletedText });
  });

  it('"Garder mon compte" closes without erasing', async () => {
    const calls = stubApi({});
    const { user } = await renderCard();
    await user.click(screen.getByRole('button', { name: dataRightsPanel.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: dataRightsPanel.dialogTitle });
    await user.click(within(dialog).getByRole('button', { name: dataRightsPanel.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });
});

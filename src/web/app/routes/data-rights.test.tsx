import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { auth } from '#shared/messages/auth.ts';
import { dataRights } from '#shared/messages/trust.ts';
import { dataRightsLinkPage, dataRightsPanel } from '#shared/messages/trust-web.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { attachmentResponse, savedDownloads, stubApiRoutes, stubObjectUrls } from '#web/testing/api-stub.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import DataRightsPage from './data-rights.tsx';

function renderPage(query = '') {
  const view = renderWithProviders(<DataRightsPage />, { path: '/mes-donnees', initialEntry: `/mes-donnees${query}` });
  return { ...view, user: userEvent.setup() };
}

describe('/mes-donnees', () => {
  let objectUrls: ReturnType<typeof stubObjectUrls>;
  beforeEach(() => {
    objectUrls = stubObjectUrls();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    objectUrls.restore();
  });

  it('without a link: asks for the address, sends it, shows the server’s one answer', async () => {
    const calls = stubApiRoutes({
      'POST /privacy/data-requests': () => jsonResponse(200, { message: dataRights.linkRequested }),
    });
    const { user } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: dataRightsLinkPage.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: dataRightsLinkPage.requestSubmit }));
    expect(await screen.findByText(auth.emailRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText(dataRightsLinkPage.emailLabel), '  lea@exemple.fr ');
    await user.click(screen.getByRole('button', { name: dataRightsLinkPage.requestSubmit }));
    expect(await screen.findByRole('status')).toHaveTextContent(dataRights.linkRequested);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { email: 'lea@exemple.fr' },
    ]);
  });

  it('with a link: downloads once, without the session, under the server’s file name', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'jeton-de-quelqu-un');
    const calls = stubApiRoutes({
      'POST /privacy/data-requests/export': () =>
        attachmentResponse({ profile: {} }, 'appui-mes-donnees-2030-01-05.json'),
    });
    const saved = savedDownloads();
    const success = vi.spyOn(toast, 'success');
    const { user } = renderPage('?token=abc123');
    await user.click(screen.getByRole('button', { name: dataRightsPanel.exportButton }));
    await waitFor(() => expect(saved).toEqual(['appui-mes-donnees-2030-01-05.json']));
    const call = calls.find((entry) => entry.path === '/privacy/data-requests/export');
    expect(call).toMatchObject({ method: 'POST', body: { token: 'abc123' } });
    expect(call?.headers.get('Authorization')).toBeNull();
    expect(success).toHaveBeenCalledWith(dataRightsPanel.exportDone);
    expect(screen.getByRole('button', { name: dataRightsPanel.exportButton })).toBeDisabled();
    expect(screen.getByText(dataRightsLinkPage.exportDoneHint)).toBeInTheDocument();
    window.localStorage.clear();
  });

  it('erases only after the confirmation that states its effects, then says it is done', async () => {
    const calls = stubApiRoutes({ 'POST /privacy/data-requests/erase': () => new Response(null, { status: 204 }) });
    const { user } = renderPage('?token=abc123');
    await user.click(screen.getByRole('button', { name: dataRightsPanel.deleteButton }));
    const dialog = await screen.findByRole('alertdialog', { name: dataRightsPanel.dialogTitle });
    for (const effect of dataRightsPanel.effects) expect(within(dialog).getByText(effect)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: dataRightsPanel.keep }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: dataRightsPanel.deleteButton }));
    const again = await screen.findByRole('alertdialog', { name: dataRightsPanel.dialogTitle });
    await user.click(within(again).getByRole('button', { name: dataRightsPanel.confirm }));
    expect(await screen.findByText(dataRightsLinkPage.erasedTitle)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/privacy/data-requests/erase', { token: 'abc123' }],
    ]);
  });

  it('a spent or expired link says so and offers a new one', async () => {
    stubApiRoutes({
      'POST /privacy/data-requests/export': () =>
        jsonResponse(400, { detail: dataRights.linkInvalid, code: ErrorCode.INVALID_DATA_RIGHTS_LINK }),
    });
    const { user, router } = renderPage('?token=ancien');
    await user.click(screen.getByRole('button', { name: dataRightsPanel.exportButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(dataRights.linkInvalid);
    await user.click(screen.getByRole('link', { name: dataRightsLinkPage.newLink }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByLabelText(dataRightsLinkPage.emailLabel)).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, REPORT_REASONS } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { reportReasonLabels, trust } from '#shared/messages/trust.ts';
import { reportDialog } from '#shared/messages/trust-web.ts';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { ReportButton, type ReportTarget } from './report-dialog.tsx';

// The dialog loads on its first opening (lib/lazy-dialog.tsx): loaded once here, so that the first
// test's wait for the dialog does not also wait for the test runner to transform its module.
beforeAll(() => import('./report-dialog-panel.tsx'));

const target: ReportTarget = { type: 'message', id: '0b5a2c1e-7d3f-4e6a-9b8c-1d2e3f4a5b6c' };
const me = currentUserFixture({ role: 'helpee' });

type Post = { path: string; body: Record<string, unknown> };

/** GET /users/me answers `me` when a token is stored; POST /reports answers `onPost`. */
function stubApi(onPost: (body: Record<string, unknown>) => Response, { loggedIn = true } = {}) {
  if (loggedIn) window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'jeton');
  const posts: Post[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname.replace(/^\/api\/v1/, '');
      if (path === '/users/me') return jsonResponse(200, me);
      if (path === '/reports' && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        posts.push({ path, body });
        return onPost(body);
      }
      return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
    }),
  );
  return posts;
}

/** Renders the button once the session is known (a stored token is checked with GET /users/me first). */
async function renderButton(reportTarget: ReportTarget = target) {
  const openLogin = vi.fn();
  const { queryClient } = renderWithProviders(
    <AuthDialogContext value={{ open: openLogin, close: vi.fn() }}>
      <ReportButton target={reportTarget} />
    </AuthDialogContext>,
  );
  if (window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)) {
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.currentUser)).toBeDefined());
  }
  return { openLogin, user: userEvent.setup() };
}

const created = () => jsonResponse(201, { id: '7c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f', message: trust.reportThanks });

async function openDialog(user: ReturnType<typeof userEvent.setup>, label = reportDialog.buttonLabel.message) {
  await user.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('dialog', { name: reportDialog.title.message });
}

describe('ReportButton and ReportDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers the six reasons of the issue as radio buttons, none chosen', async () => {
    stubApi(created);
    const { user } = await renderButton();
    const dialog = await openDialog(user);
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(
      REPORT_REASONS.map((reason) => reportReasonLabels[reason]),
    );
    expect(radios).toHaveLength(6);
    for (const radio of radios) expect(radio).not.toBeChecked();
    expect(within(dialog).getByRole('group', { name: reportDialog.reasonLegend })).toBeInTheDocument();
  });

  it('requires a reason before sending', async () => {
    const posts = stubApi(created);
    const { user } = await renderButton();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: reportDialog.send }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(reportDialog.reasonRequired);
    expect(posts).toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.other }));
    expect(within(dialog).queryByText(reportDialog.reasonRequired)).not.toBeInTheDocument();
  });

  it('sends the target, the reason and the trimmed detail, then shows the thanks', async () => {
    const posts = stubApi(created);
    const { user } = await renderButton();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.scam_or_offplatform_payment }));
    await user.type(
      within(dialog).getByLabelText(reportDialog.detailLabel, { exact: false }),
      '  Il demande un virement  ',
    );
    await user.click(within(dialog).getByRole('button', { name: reportDialog.send }));

    expect(await screen.findByRole('dialog', { name: reportDialog.sentTitle })).toHaveTextContent(trust.reportThanks);
    expect(posts).toEqual([
      {
        path: '/reports',
        body: {
          target_type: 'message',
          target_id: target.id,
          reason: 'scam_or_offplatform_payment',
          detail: 'Il demande un virement',
        },
      },
    ]);
  });

  it('leaves the detail out when none was written', async () => {
    const posts = stubApi(created);
    const { user } = await renderButton({ type: 'offer', id: target.id });
    await user.click(await screen.findByRole('button', { name: reportDialog.buttonLabel.offer }));
    const dialog = await screen.findByRole('dialog', { name: reportDialog.title.offer });
    await user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.shocking_content }));
    await user.type(within(dialog).getByLabelText(reportDialog.detailLabel, { exact: false }), '   ');
    await user.click(within(dialog).getByRole('button', { name: reportDialog.send }));
    await screen.findByRole('dialog', { name: reportDialog.sentTitle });
    expect(posts[0]?.body).toEqual({ target_type: 'offer', target_id: target.id, reason: 'shocking_content' });
  });

  it('says a second report of the same content is already being examined, and keeps the input', async () => {
    stubApi(() => jsonResponse(409, { detail: trust.reportDuplicate, code: ErrorCode.REPORT_DUPLICATE }));
    const { user } = await renderButton();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.inappropriate_behaviour }));
    const detail = within(dialog).getByLabelText(reportDialog.detailLabel, { exact: false });
    await user.type(detail, 'Insultes');
    await user.click(within(dialog).getByRole('button', { name: reportDialog.send }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(trust.reportDuplicate);
    expect(within(dialog).getByRole('radio', { name: reportReasonLabels.inappropriate_behaviour })).toBeChecked();
    expect(detail).toHaveValue('Insultes');
    expect(screen.queryByRole('dialog', { name: reportDialog.sentTitle })).not.toBeInTheDocument();
  });

  it('keeps the input on an unexpected failure and says to try again', async () => {
    stubApi(() => jsonResponse(500, { detail: 'Erreur interne', code: 'INTERNAL' }));
    const { user } = await renderButton();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.impersonation }));
    await user.click(within(dialog).getByRole('button', { name: reportDialog.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reportDialog.sendError);
    expect(within(dialog).getByRole('radio', { name: reportReasonLabels.impersonation })).toBeChecked();
  });

  it('points to the emergency numbers when the reason is a danger', async () => {
    stubApi(created);
    const { user } = await renderButton();
    const dialog = await openDialog(user);
    expect(within(dialog).queryByText(reportDialog.dangerHint)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.endangerment }));
    expect(within(dialog).getByText(reportDialog.dangerHint)).toBeInTheDocument();
  });

  it('forgets the draft when closed and opened again', async () => {
    stubApi(created);
    const { user } = await renderButton();
    let dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.other }));
    await user.click(within(dialog).getByRole('button', { name: reportDialog.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog(user);
    expect(within(dialog).getByRole('radio', { name: reportReasonLabels.other })).not.toBeChecked();
  });

  it('opens the login dialog for a visitor, and no report dialog', async () => {
    const posts = stubApi(created, { loggedIn: false });
    const { openLogin, user } = await renderButton();
    await user.click(await screen.findByRole('button', { name: reportDialog.buttonLabel.message }));
    expect(openLogin).toHaveBeenCalledWith('login');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });
});

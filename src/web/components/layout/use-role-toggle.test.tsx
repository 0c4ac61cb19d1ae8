import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, HELPER_CHARTER_VERSION } from '#shared/constants.ts';
import { charterDialog, charterErrors, helperCharter } from '#shared/messages/charter.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { role } from '#shared/messages/role.ts';
import { landing } from '#shared/messages/landing.ts';
import type { CurrentUser } from '#shared/schemas/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { verificationFixture } from '#web/testing/users.ts';
import { useBecomeHelper } from './use-role-toggle.ts';

const baseUser: CurrentUser = {
  id: '7b0c3f8e-1d2a-4c5b-9e6f-0a1b2c3d4e5f',
  email: 'camille@exemple.fr',
  display_name: 'Camille',
  username: null,
  first_name: null,
  last_name: null,
  bio: null,
  avatar_url: null,
  profile_image_url: null,
  tags: [],
  is_verified: true,
  verification: verificationFixture(),
  email_verified: true,
  pending_email: null,
  role: 'admin',
  created_at: '2025-01-01T00:00:00Z',
};

/** A seeker who already accepted the current charter: the switch asks nothing more. */
const charterAccepted: CurrentUser = {
  ...baseUser,
  verification: verificationFixture({
    charter_accepted: true,
    charter_version: HELPER_CHARTER_VERSION,
    charter_accepted_at: '2026-12-01T10:00:00Z',
  }),
};

function WantToHelp() {
  const { isLoading } = useAuth();
  const { becomeHelper } = useBecomeHelper();
  if (isLoading) return null;
  return <Button onClick={() => void becomeHelper()}>{landing.wantToHelp}</Button>;
}

function renderAs(user: CurrentUser, toggle: () => Response) {
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok-1');
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${input}`);
      if (input.endsWith('/users/me')) return jsonResponse(200, user);
      return toggle();
    }),
  );
  const open = vi.fn();
  // sonner keeps its toasts between tests: read what was asked of it instead.
  const toastError = vi.spyOn(toast, 'error');
  const view = renderWithProviders(
    <AuthDialogContext value={{ open, close: () => undefined }}>
      <WantToHelp />
    </AuthDialogContext>,
  );
  return { ...view, calls, open, toastError, clicker: userEvent.setup() };
}

describe('"Je veux aider"', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tells an admin that admins cannot change role, and stays on the page', async () => {
    const { calls, clicker, router, toastError } = renderAs(baseUser, () => jsonResponse(500, {}));
    await clicker.click(await screen.findByRole('button', { name: landing.wantToHelp }));
    expect(toastError).toHaveBeenCalledWith(role.adminCannotChange);
    expect(calls).toEqual(['GET /api/v1/users/me']);
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the server's refusal when the switch is refused", async () => {
    const { clicker, toastError } = renderAs({ ...charterAccepted, role: 'helpee' }, () =>
      jsonResponse(403, { detail: role.adminCannotChange, code: ErrorCode.ADMIN_ROLE_CHANGE_NOT_ALLOWED }),
    );
    await clicker.click(await screen.findByRole('button', { name: landing.wantToHelp }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(role.adminCannotChange));
  });

  it("gives the spec's failure text when the server fails", async () => {
    const { clicker, toastError } = renderAs({ ...charterAccepted, role: 'helpee' }, () => jsonResponse(500, {}));
    await clicker.click(await screen.findByRole('button', { name: landing.wantToHelp }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(role.changeFailedToast));
  });
});

describe('"Je veux aider": the helper charter step', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const seeker: CurrentUser = { ...baseUser, role: 'helpee' };

  /** GET /users/me answers `seeker`; the charter and the switch answer as a server would. */
  function renderSeeker() {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok-1');
    const calls: { call: string; body?: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const call = `${init?.method ?? 'GET'} ${input}`;
        calls.push({ call, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
        if (input.endsWith('/users/me')) return jsonResponse(200, seeker);
        if (input.endsWith('/users/me/charter')) {
          return jsonResponse(200, {
            ...seeker.verification,
            charter_accepted: true,
            charter_version: HELPER_CHARTER_VERSION,
            charter_accepted_at: '2026-12-08T10:00:00Z',
          });
        }
        return jsonResponse(200, { role: 'helper', message: role.changeSuccess });
      }),
    );
    const view = renderWithProviders(
      <AuthDialogContext value={{ open: vi.fn(), close: () => undefined }}>
        <WantToHelp />
      </AuthDialogContext>,
    );
    return { ...view, calls, clicker: userEvent.setup() };
  }

  it('shows the charter before switching, and switches only once it is accepted', async () => {
    const { calls, clicker, router } = renderSeeker();
    await clicker.click(await screen.findByRole('button', { name: landing.wantToHelp }));
    // The dialog is lazy-loaded on first open: a busy machine takes longer than the default second.
    const dialog = await screen.findByRole('dialog', { name: charterDialog.title }, { timeout: 5000 });
    // The full text, with what to do when someone is in danger.
    for (const section of helperCharter.sections) {
      expect(within(dialog).getByRole('heading', { name: new RegExp(section.title) })).toBeInTheDocument();
    }
    expect(dialog).toHaveTextContent('3114');
    expect(dialog).toHaveTextContent('112');
    // Without the box ticked: nothing is sent.
    await clicker.click(within(dialog).getByRole('button', { name: charterDialog.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(charterDialog.checkboxRequired);
    expect(calls.map((entry) => entry.call)).toEqual(['GET /api/v1/users/me']);

    await clicker.click(within(dialog).getByRole('checkbox', { name: charterDialog.checkbox }));
    await clicker.click(within(dialog).getByRole('button', { name: charterDialog.confirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.slice(1)).toEqual([
      { call: 'POST /api/v1/users/me/charter', body: { version: HELPER_CHARTER_VERSION } },
      { call: 'POST /api/v1/users/toggle-role', body: undefined },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('changes nothing when the charter is closed without accepting it', async () => {
    const { calls, clicker, router } = renderSeeker();
    await clicker.click(await screen.findByRole('button', { name: landing.wantToHelp }));
    // The dialog is lazy-loaded on first open: a busy machine takes longer than the default second.
    const dialog = await screen.findByRole('dialog', { name: charterDialog.title }, { timeout: 5000 });
    await clicker.click(within(dialog).getByRole('button', { name: charterDialog.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((entry) => entry.call)).toEqual(['GET /api/v1/users/me']);
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks the charter when the server refuses the switch for it (a version published since), then switches', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok-1');
    let toggles = 0;
    const { calls, clicker, router } = renderAs({ ...charterAccepted, role: 'helpee' }, () => {
      toggles += 1;
      if (toggles === 1) {
        return jsonResponse(403, {
          detail: charterErrors.notAcceptedToBecomeHelper,
          code: ErrorCode.CHARTER_NOT_ACCEPTED,
        });
      }
      if (toggles === 2)
        return jsonResponse(200, { ...charterAccepted.verification, charter_accepted_at: '2026-12-08T10:00:00Z' });
      return jsonResponse(200, { role: 'helper', message: role.changeSuccess });
    });
    await clicker.click(await screen.findByRole('button', { name: landing.wantToHelp }));
    const dialog = await screen.findByRole('dialog', { name: charterDialog.title }, { timeout: 5000 });
    await clicker.click(within(dialog).getByRole('checkbox', { name: charterDialog.checkbox }));
    await clicker.click(within(dialog).getByRole('button', { name: charterDialog.confirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls).toEqual([
      'GET /api/v1/users/me',
      'POST /api/v1/users/toggle-role',
      'POST /api/v1/users/me/charter',
      'POST /api/v1/users/toggle-role',
    ]);
  });

  it('asks nothing of a seeker who already accepted the current charter', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok-1');
    const { calls, clicker, router } = renderAs({ ...charterAccepted, role: 'helpee' }, () =>
      jsonResponse(200, { role: 'helper', message: role.changeSuccess }),
    );
    await clicker.click(await screen.findByRole('button', { name: landing.wantToHelp }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls).toEqual(['GET /api/v1/users/me', 'POST /api/v1/users/toggle-role']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
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
  role: 'admin',
  created_at: '2025-01-01T00:00:00Z',
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
    const { clicker, toastError } = renderAs({ ...baseUser, role: 'helpee' }, () =>
      jsonResponse(403, { detail: role.adminCannotChange, code: ErrorCode.ADMIN_ROLE_CHANGE_NOT_ALLOWED }),
    );
    await clicker.click(await screen.findByRole('button', { name: landing.wantToHelp }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(role.adminCannotChange));
  });

  it("gives the spec's failure text when the server fails", async () => {
    const { clicker, toastError } = renderAs({ ...baseUser, role: 'helpee' }, () => jsonResponse(500, {}));
    await clicker.click(await screen.findByRole('button', { name: landing.wantToHelp }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(role.changeFailedToast));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import { blocks } from '#shared/messages/blocks.ts';
import type { BlockedUser } from '#shared/schemas/privacy.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { BlockButton } from './block-button.tsx';

// The dialog loads on its first opening (lib/lazy-dialog.tsx): loaded once here, so that the first
// test's wait for the dialog does not also wait for the test runner to transform its module.
beforeAll(() => import('./block-confirm-dialog.tsx'));

const HELPER_ID = '3f0b8a4e-2c1d-4e5f-9a8b-7c6d5e4f3a2b';
const claire: BlockedUser = {
  id: HELPER_ID,
  display_name: 'Claire Aidante',
  username: 'claire',
  avatar_url: null,
  blocked_at: '2026-11-20T10:00:00.000Z',
};

type Call = { method: string; path: string };

/** The blocks API: GET /users/me/blocks answers `state.blocked`; POST and DELETE change it (or `refuse`). */
function stubApi(state: { blocked: BlockedUser[]; refuse?: Response }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(input, 'http://localhost').pathname.replace(/^\/api\/v1/, '');
      calls.push({ method, path });
      if (path === '/users/me/blocks') return jsonResponse(200, state.blocked);
      if (path === `/users/${HELPER_ID}/block`) {
        if (state.refuse) return state.refuse;
        if (method === 'POST') {
          state.blocked = [claire];
          return jsonResponse(201, claire);
        }
        if (method === 'DELETE') {
          state.blocked = [];
          return new Response(null, { status: 204 });
        }
      }
      return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
    }),
  );
  return calls;
}

function renderButton(onBlocked = vi.fn()) {
  renderWithProviders(
    <>
      <BlockButton userId={HELPER_ID} name="Claire Aidante" onBlocked={onBlocked} />
      <Toaster />
    </>,
  );
  return { onBlocked, user: userEvent.setup() };
}

const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

describe('BlockButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for a confirmation that explains the effect, and cancelling sends nothing', async () => {
    const calls = stubApi({ blocked: [] });
    const { user, onBlocked } = renderButton();
    await user.click(await screen.findByRole('button', { name: blocks.blockLabel('Claire Aidante') }));
    const dialog = await screen.findByRole('alertdialog', { name: blocks.confirmTitle('Claire Aidante') });
    expect(dialog).toHaveTextContent(blocks.confirmText);
    await user.click(within(dialog).getByRole('button', { name: blocks.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);
    expect(onBlocked).not.toHaveBeenCalled();
  });

  it('blocks once confirmed: POST, a toast, the page told, and the button turns to "Débloquer"', async () => {
    const calls = stubApi({ blocked: [] });
    const { user, onBlocked } = renderButton();
    await user.click(await screen.findByRole('button', { name: blocks.blockLabel('Claire Aidante') }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: blocks.confirmBlock }));
    expect(await screen.findByText(blocks.blocked('Claire Aidante'))).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ method: 'POST', path: `/users/${HELPER_ID}/block` }]);
    expect(onBlocked).toHaveBeenCalledTimes(1);
    // The list of blocks is fetched again after the change.
    expect(await screen.findByRole('button', { name: blocks.unblockLabel('Claire Aidante') })).toHaveTextContent(
      blocks.unblock,
    );
  });

  it('unblocks someone the caller blocked, after its own confirmation', async () => {
    const calls = stubApi({ blocked: [claire] });
    const { user, onBlocked } = renderButton();
    await user.click(await screen.findByRole('button', { name: blocks.unblockLabel('Claire Aidante') }));
    const dialog = await screen.findByRole('alertdialog', { name: blocks.unblockTitle('Claire Aidante') });
    expect(dialog).toHaveTextContent(blocks.unblockText);
    await user.click(within(dialog).getByRole('button', { name: blocks.confirmUnblock }));
    expect(await screen.findByText(blocks.unblocked('Claire Aidante'))).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: `/users/${HELPER_ID}/block` }]);
    expect(onBlocked).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: blocks.blockLabel('Claire Aidante') })).toBeInTheDocument();
  });

  it('shows the server’s French refusal and does not tell the page', async () => {
    stubApi({
      blocked: [],
      refuse: jsonResponse(429, { detail: 'Trop de requêtes. Réessayez plus tard.', code: ErrorCode.RATE_LIMITED }),
    });
    const { user, onBlocked } = renderButton();
    await user.click(await screen.findByRole('button', { name: blocks.blockLabel('Claire Aidante') }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: blocks.confirmBlock }));
    expect(await screen.findByText('Trop de requêtes. Réessayez plus tard.')).toBeInTheDocument();
    expect(onBlocked).not.toHaveBeenCalled();
  });
});

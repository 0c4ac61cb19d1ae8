import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blocks } from '#shared/messages/blocks.ts';
import type { BlockedUser } from '#shared/schemas/privacy.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { BlockedListCard } from './blocked-list.tsx';

const paul: BlockedUser = {
  id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  display_name: 'Paul Martin',
  username: 'paul',
  avatar_url: null,
  blocked_at: '2026-11-20T10:00:00.000Z',
};
const nameless: BlockedUser = {
  id: '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d2e',
  display_name: null,
  username: null,
  avatar_url: null,
  blocked_at: '2026-11-18T10:00:00.000Z',
};

function stubApi(state: { blocked: BlockedUser[] | 'error' }) {
  const deletes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname.replace(/^\/api\/v1/, '');
      if (path === '/users/me/blocks') {
        return state.blocked === 'error'
          ? jsonResponse(500, { detail: 'Erreur', code: 'INTERNAL_ERROR' })
          : jsonResponse(200, state.blocked);
      }
      const match = /^\/users\/([^/]+)\/block$/.exec(path);
      if (match && init?.method === 'DELETE' && Array.isArray(state.blocked)) {
        deletes.push(match[1] ?? '');
        state.blocked = state.blocked.filter((person) => person.id !== match[1]);
        return new Response(null, { status: 204 });
      }
      return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
    }),
  );
  return deletes;
}

describe('BlockedListCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says when nobody is blocked', async () => {
    stubApi({ blocked: [] });
    renderWithProviders(<BlockedListCard />);
    expect(await screen.findByText(blocks.listEmpty)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: blocks.listTitle })).toBeInTheDocument();
  });

  it('lists the blocked people with the date, and unblocks one after confirmation', async () => {
    const deletes = stubApi({ blocked: [paul, nameless] });
    const toastSuccess = vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
    renderWithProviders(<BlockedListCard />);
    const list = await screen.findByRole('list', { name: blocks.listTitle });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Paul Martin');
    expect(rows[0]).toHaveTextContent(blocks.blockedSince('20 novembre 2026'));
    expect(rows[1]).toHaveTextContent(blocks.someone);

    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: blocks.unblockLabel('Paul Martin') }));
    const dialog = await screen.findByRole('alertdialog', { name: blocks.unblockTitle('Paul Martin') });
    expect(deletes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: blocks.confirmUnblock }));
    await waitFor(() => expect(screen.queryByText('Paul Martin')).not.toBeInTheDocument());
    expect(deletes).toEqual([paul.id]);
    expect(within(screen.getByRole('list', { name: blocks.listTitle })).getAllByRole('listitem')).toHaveLength(1);
    // Said even though the refreshed list removed the row first (the e2e journey saw no toast).
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(blocks.unblocked('Paul Martin')));
  });

  it('offers to retry when the list cannot be loaded', async () => {
    const state: { blocked: BlockedUser[] | 'error' } = { blocked: 'error' };
    stubApi(state);
    renderWithProviders(<BlockedListCard />);
    expect(await screen.findByText(blocks.listLoadError)).toBeInTheDocument();
    state.blocked = [paul];
    await userEvent.setup().click(screen.getByRole('button', { name: blocks.retry }));
    expect(await screen.findByRole('button', { name: blocks.unblockLabel('Paul Martin') })).toBeInTheDocument();
  });
});

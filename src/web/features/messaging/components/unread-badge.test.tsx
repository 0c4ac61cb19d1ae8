import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { unreadBadge } from '#shared/messages/messaging-actions.ts';
import { paths } from '#web/config/paths.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { MessagesHeaderLink, UnreadBadge } from './unread-badge.tsx';

describe('UnreadBadge', () => {
  it('shows the count up to 99, then "99+", read as "N messages non lus"', () => {
    const { rerender } = render(<UnreadBadge count={1} />);
    expect(screen.getByRole('img', { name: '1 message non lu' })).toHaveTextContent(/^1$/);
    rerender(<UnreadBadge count={99} />);
    expect(screen.getByRole('img', { name: '99 messages non lus' })).toHaveTextContent(/^99$/);
    rerender(<UnreadBadge count={100} />);
    expect(screen.getByRole('img', { name: '100 messages non lus' })).toHaveTextContent(/^99\+$/);
    rerender(<UnreadBadge count={4321} />);
    expect(screen.getByRole('img', { name: unreadBadge.label(4321) })).toHaveTextContent(/^99\+$/);
  });

  it('is hidden at 0', () => {
    const { container } = render(<UnreadBadge count={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('MessagesHeaderLink', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubApi(total: number) {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, currentUserFixture());
      if (url.startsWith('/api/v1/messages/unread')) return jsonResponse(200, { total, conversations: 1 });
      return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('links a logged-in user to the messages tab with the server total', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    stubApi(120);
    renderWithProviders(<MessagesHeaderLink />);
    const link = await screen.findByRole('link', { name: new RegExp(unreadBadge.headerLink) });
    expect(link).toHaveAttribute('href', paths.dashboard.href('messages'));
    expect(await screen.findByRole('img', { name: '120 messages non lus' })).toHaveTextContent('99+');
  });

  it('shows no badge at 0 unread', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    const fetchMock = stubApi(0);
    renderWithProviders(<MessagesHeaderLink />);
    await screen.findByRole('link', { name: new RegExp(unreadBadge.headerLink) });
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/v1/messages/unread'))).toBe(true),
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('renders nothing for a visitor and asks nothing', async () => {
    const fetchMock = stubApi(3);
    const { container } = renderWithProviders(<MessagesHeaderLink />);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

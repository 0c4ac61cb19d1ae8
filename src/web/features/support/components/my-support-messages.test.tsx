import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, LIST_MAX_LIMIT } from '#shared/constants.ts';
import { supportPage, supportStatusLabels } from '#shared/messages/support.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { MySupportMessages } from './my-support-messages.tsx';
import { supportMessageFixture } from './support-fixtures.ts';

function stubMyMessages(answer: () => Response) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, currentUserFixture());
    if (url === `/api/v1/support/my-messages?limit=${LIST_MAX_LIMIT}`) return answer();
    return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('MySupportMessages', () => {
  beforeEach(() => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each message with its status and the team’s responses as a thread; the priority stays hidden', async () => {
    const answered = supportMessageFixture({
      status: 'in_progress',
      priority: 'urgent',
      responses: [
        {
          id: '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a',
          response_text: 'Votre remboursement part aujourd’hui.',
          created_at: '2030-01-02T10:00:00.000Z',
        },
      ],
    });
    const waiting = supportMessageFixture({
      id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
      subject: 'Question sur mon profil',
      message: 'Comment changer ma photo ?',
    });
    stubMyMessages(() => jsonResponse(200, [answered, waiting]));
    renderWithProviders(<MySupportMessages />);

    const thread = await screen.findByRole('article', { name: answered.subject });
    expect(within(thread).getByText(answered.message)).toBeInTheDocument();
    expect(within(thread).getByText(supportStatusLabels.in_progress)).toBeInTheDocument();
    expect(within(thread).getByText(supportPage.teamAnswer)).toBeInTheDocument();
    expect(within(thread).getByText('Votre remboursement part aujourd’hui.')).toBeInTheDocument();
    expect(within(thread).queryByText(/urgent/i)).not.toBeInTheDocument();
    expect(within(thread).queryByText(supportPage.waitingAnswer)).not.toBeInTheDocument();

    const other = screen.getByRole('article', { name: waiting.subject });
    expect(within(other).getByText(supportStatusLabels.open)).toBeInTheDocument();
    expect(within(other).getByText(supportPage.waitingAnswer)).toBeInTheDocument();
  });

  it('invites a first message when there is none', async () => {
    stubMyMessages(() => jsonResponse(200, []));
    renderWithProviders(<MySupportMessages />);
    expect(await screen.findByText(supportPage.myMessagesEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says when the messages cannot be loaded, with a retry', async () => {
    stubMyMessages(() => jsonResponse(500, { detail: 'Erreur interne', code: 'INTERNAL' }));
    renderWithProviders(<MySupportMessages />);
    expect(await screen.findByRole('alert')).toHaveTextContent(supportPage.myMessagesError);
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminConsole } from '#shared/messages/admin.ts';
import { chat } from '#shared/messages/chat.ts';
import type { ChatSession } from '#shared/schemas/chat.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import {
  chatMessageFixture,
  chatSessionFixture,
  chatStatsFixture,
  fixtureId,
  noContent,
  stubAdminApi,
  type Routes,
} from './admin-fixtures.ts';
import ChatsTab, { sessionActions } from './chats-tab.tsx';

const fr = (value: number) => value.toLocaleString('fr-FR');

function renderTab(sessions: { active?: ChatSession[]; archived?: ChatSession[] }, extra: Routes = {}) {
  const all = [...(sessions.active ?? []), ...(sessions.archived ?? [])];
  const api = stubAdminApi({
    'GET /support/chat/stats': chatStatsFixture(),
    'GET /support/chat/sessions': (call) =>
      jsonResponse(200, call.query.get('view') === 'archived' ? (sessions.archived ?? []) : (sessions.active ?? [])),
    ...Object.fromEntries(all.map((session) => [`GET /support/chat/sessions/${session.id}`, session])),
    ...Object.fromEntries(all.map((session) => [`PUT /support/chat/sessions/${session.id}`, noContent])),
    ...extra,
  });
  const view = renderWithProviders(<ChatsTab />);
  return { ...api, ...view, user: userEvent.setup() };
}

describe('what an admin may do with a chat session (spec 2 section 4)', () => {
  it('open or active: reply, close and archive; closed: only archive, no reply; archived: nothing left', () => {
    expect(sessionActions('open')).toEqual({ reply: true, close: true, archive: true });
    expect(sessionActions('active')).toEqual({ reply: true, close: true, archive: true });
    expect(sessionActions('closed')).toEqual({ reply: false, close: false, archive: true });
    expect(sessionActions('archived')).toEqual({ reply: false, close: false, archive: false });
  });
});

describe('admin chats tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the figures of GET /support/chat/stats and the active sessions, the archives on the toggle', async () => {
    const waiting = chatSessionFixture({ subject: 'Ma réservation' });
    const old = chatSessionFixture({ subject: 'Question réglée', status: 'archived' });
    const { calls, user } = renderTab({ active: [waiting], archived: [old] });

    const figures = await screen.findByRole('region', { name: adminConsole.chatStatsTitle });
    await within(figures).findByText(adminConsole.chatTotal);
    expect(
      within(figures)
        .getAllByRole('definition')
        .map((cell) => cell.textContent),
    ).toEqual([fr(20), fr(2), fr(3), fr(15)]);
    expect(await screen.findByText('Ma réservation')).toBeInTheDocument();
    expect(screen.getByText(adminConsole.chatGuest('Léa'))).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/support/chat/sessions')?.query.get('view')).toBe('active');

    await user.click(screen.getByRole('button', { name: adminConsole.chatViewArchived }));
    expect(await screen.findByText('Question réglée')).toBeInTheDocument();
    expect(screen.queryByText('Ma réservation')).not.toBeInTheDocument();
    expect(calls.at(-1)?.query.get('view')).toBe('archived');
  });

  it('selecting an open session makes it active (PUT status active) and shows the conversation', async () => {
    const session = chatSessionFixture({ subject: 'Ma réservation' });
    const { callsTo, user } = renderTab({ active: [session] });

    await user.click(await screen.findByText('Ma réservation'));
    await waitFor(() => expect(callsTo('PUT', `/support/chat/sessions/${session.id}`)).toHaveLength(1));
    expect(callsTo('PUT', `/support/chat/sessions/${session.id}`)[0]?.body).toEqual({ status: 'active' });
    const log = await screen.findByRole('log');
    expect(within(log).getByText('Bonjour, je ne trouve pas ma réservation.')).toBeInTheDocument();
  });

  it('selecting an active session does not change it; a refused assignment says "Erreur lors de l\'attribution de la session"', async () => {
    const active = chatSessionFixture({ subject: 'Déjà pris', status: 'active' });
    const waiting = chatSessionFixture({ subject: 'Sans réponse' });
    const toastError = vi.spyOn(toast, 'error');
    const { callsTo, user } = renderTab(
      { active: [active, waiting] },
      {
        [`PUT /support/chat/sessions/${waiting.id}`]: () =>
          jsonResponse(409, { detail: 'Ce changement de statut n’est pas possible.', code: 'CHAT_STATUS_TRANSITION' }),
      },
    );
    await user.click(await screen.findByText('Déjà pris'));
    await screen.findByRole('log');
    expect(callsTo('PUT', `/support/chat/sessions/${active.id}`)).toHaveLength(0);

    await user.click(screen.getByText('Sans réponse'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(chat.assignError, expect.anything()));
  });

  it('an admin reply is sent trimmed and joins the conversation; an empty one cannot be sent', async () => {
    const session = chatSessionFixture({ status: 'active' });
    const reply = chatMessageFixture(session.id, {
      sender: 'admin',
      sender_name: 'Équipe Appui',
      content: 'Je regarde.',
    });
    const { callsTo, user } = renderTab(
      { active: [session] },
      {
        [`POST /support/chat/sessions/${session.id}/messages`]: () => {
          session.chat_messages.push(reply);
          return jsonResponse(201, reply);
        },
      },
    );
    await user.click(await screen.findByText(session.subject));
    const field = await screen.findByLabelText(adminConsole.chatReplyLabel);
    const send = screen.getByRole('button', { name: adminConsole.chatSend });
    await user.type(field, '   ');
    expect(send).toBeDisabled();

    await user.type(field, ' Je regarde.  ');
    await user.click(send);
    await waitFor(() => expect(callsTo('POST', `/support/chat/sessions/${session.id}/messages`)).toHaveLength(1));
    expect(callsTo('POST', `/support/chat/sessions/${session.id}/messages`)[0]?.body).toEqual({
      content: 'Je regarde.',
    });
    expect(await within(screen.getByRole('log')).findByText('Je regarde.')).toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it('a failed reply says "Erreur lors de l\'envoi du message" and keeps the text', async () => {
    const session = chatSessionFixture({ status: 'active' });
    const toastError = vi.spyOn(toast, 'error');
    const { user } = renderTab(
      { active: [session] },
      {
        [`POST /support/chat/sessions/${session.id}/messages`]: () =>
          jsonResponse(409, { detail: 'Cette conversation est terminée.', code: 'CHAT_SESSION_CLOSED' }),
      },
    );
    await user.click(await screen.findByText(session.subject));
    const field = await screen.findByLabelText(adminConsole.chatReplyLabel);
    await user.type(field, 'Bonjour');
    await user.click(screen.getByRole('button', { name: adminConsole.chatSend }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(chat.sendError, { description: 'Cette conversation est terminée.' }),
    );
    expect(field).toHaveValue('Bonjour');
  });

  it('"Fermer définitivement" asks first, then sends closed', async () => {
    const session = chatSessionFixture({ status: 'active' });
    const { callsTo, user } = renderTab({ active: [session] });
    await user.click(await screen.findByText(session.subject));
    await user.click(await screen.findByRole('button', { name: adminConsole.closeSession }));
    const confirm = await screen.findByRole('alertdialog', { name: adminConsole.closeSessionTitle });
    expect(callsTo('PUT', `/support/chat/sessions/${session.id}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: adminConsole.closeSession }));
    await waitFor(() => expect(callsTo('PUT', `/support/chat/sessions/${session.id}`)).toHaveLength(1));
    expect(callsTo('PUT', `/support/chat/sessions/${session.id}`)[0]?.body).toEqual({ status: 'closed' });
  });

  it('a closed session offers only archive (after confirmation) and no reply box', async () => {
    const session = chatSessionFixture({ status: 'closed', subject: 'Terminé' });
    const toastError = vi.spyOn(toast, 'error');
    const { callsTo, user } = renderTab(
      { archived: [session] },
      {
        [`PUT /support/chat/sessions/${session.id}`]: () =>
          jsonResponse(500, { detail: 'Erreur interne', code: 'INTERNAL' }),
      },
    );
    await user.click(await screen.findByRole('button', { name: adminConsole.chatViewArchived }));
    await user.click(await screen.findByText('Terminé'));
    await screen.findByRole('log');

    expect(screen.queryByLabelText(adminConsole.chatReplyLabel)).not.toBeInTheDocument();
    expect(screen.getByText(adminConsole.closedNoReply)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: adminConsole.closeSession })).not.toBeInTheDocument();
    // Selecting a closed session does not take it.
    expect(callsTo('PUT', `/support/chat/sessions/${session.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: adminConsole.archiveSession }));
    const confirm = await screen.findByRole('alertdialog', { name: adminConsole.archiveSessionTitle });
    await user.click(within(confirm).getByRole('button', { name: adminConsole.archiveSession }));
    await waitFor(() =>
      expect(callsTo('PUT', `/support/chat/sessions/${session.id}`)[0]?.body).toEqual({ status: 'archived' }),
    );
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(chat.archiveError, expect.anything()));
  });

  it('an archived session has no reply box and nothing left to do', async () => {
    const session = chatSessionFixture({ status: 'archived', subject: 'Archivé', chat_messages: [] });
    session.chat_messages.push(chatMessageFixture(session.id, { id: fixtureId() }));
    const { user } = renderTab({ archived: [session] });
    await user.click(await screen.findByRole('button', { name: adminConsole.chatViewArchived }));
    await user.click(await screen.findByText('Archivé'));
    await screen.findByRole('log');
    expect(screen.queryByLabelText(adminConsole.chatReplyLabel)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: adminConsole.closeSession })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: adminConsole.archiveSession })).toBeDisabled();
  });
});

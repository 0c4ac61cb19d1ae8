import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminConsole } from '#shared/messages/admin.ts';
import { support } from '#shared/messages/support.ts';
import type { SupportMessage } from '#shared/schemas/support.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import {
  fixtureId,
  noContent,
  stubAdminApi,
  supportMessageFixture,
  supportStatsFixture,
  type Routes,
} from './admin-fixtures.ts';
import SupportTab from './support-tab.tsx';

const fr = (value: number) => value.toLocaleString('fr-FR');

function renderTab(messages: SupportMessage[], extra: Routes = {}) {
  const routes: Routes = {
    'GET /support/stats': supportStatsFixture(),
    'GET /support/messages': messages,
    ...Object.fromEntries(messages.map((message) => [`GET /support/messages/${message.id}`, message])),
    ...extra,
  };
  const api = stubAdminApi(routes);
  const view = renderWithProviders(<SupportTab />);
  return { ...api, ...view, user: userEvent.setup() };
}

describe('admin support tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the five figures of GET /support/stats', async () => {
    renderTab([]);
    const figures = await screen.findByRole('region', { name: adminConsole.supportStatsTitle });
    await within(figures).findByText(adminConsole.supportTotal);
    const values = within(figures)
      .getAllByRole('definition')
      .map((cell) => cell.textContent);
    expect(values).toEqual([fr(42), fr(11), fr(5), fr(26), fr(4)]);
    expect(await screen.findByText(adminConsole.supportEmpty)).toBeInTheDocument();
  });

  it('lists the messages, the urgent one standing out, and filters by status on the server', async () => {
    const urgent = supportMessageFixture({ subject: 'Je n’en peux plus', priority: 'urgent' });
    const calm = supportMessageFixture({ subject: 'Facture', status: 'in_progress' });
    const { calls, user } = renderTab([urgent, calm]);

    const urgentRow = (await screen.findByText('Je n’en peux plus')).closest('button');
    expect(urgentRow).toHaveClass('border-rose-500');
    expect(within(urgentRow!).getByLabelText(adminConsole.priorityLabel('Urgent'))).toBeInTheDocument();
    const calmRow = screen.getByText('Facture').closest('button');
    expect(calmRow).not.toHaveClass('border-rose-500');
    expect(within(calmRow!).getByText(adminConsole.supportStatus.in_progress!)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: adminConsole.supportInProgress, pressed: false }));
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBe('in_progress'));
  });

  it('opens a message with its responses; "Marquer en cours" and "Fermer" send the status and say "Statut mis à jour"', async () => {
    const message = supportMessageFixture({
      message: 'Ma séance a été annulée.',
      responses: [{ id: fixtureId(), response_text: 'Nous regardons cela.', created_at: '2030-01-05T11:00:00.000Z' }],
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { callsTo, user } = renderTab([message], { [`PUT /support/messages/${message.id}`]: noContent });

    await user.click(await screen.findByText(message.subject));
    expect(await screen.findByText('Ma séance a été annulée.')).toBeInTheDocument();
    expect(screen.getByText('Nous regardons cela.')).toBeInTheDocument();
    expect(
      screen.getByText(adminConsole.supportFrom('Paul Durand', 'paul@exemple.fr'), { exact: false }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: adminConsole.markInProgress }));
    await waitFor(() => expect(callsTo('PUT', `/support/messages/${message.id}`)).toHaveLength(1));
    expect(callsTo('PUT', `/support/messages/${message.id}`)[0]?.body).toEqual({ status: 'in_progress' });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(support.statusUpdated));

    await user.click(screen.getByRole('button', { name: adminConsole.closeMessage }));
    await waitFor(() => expect(callsTo('PUT', `/support/messages/${message.id}`)).toHaveLength(2));
    expect(callsTo('PUT', `/support/messages/${message.id}`)[1]?.body).toEqual({ status: 'closed' });
  });

  it('a closed message offers neither action; in progress offers only "Fermer"', async () => {
    const closed = supportMessageFixture({ subject: 'Réglé', status: 'closed' });
    const inProgress = supportMessageFixture({ subject: 'En traitement', status: 'in_progress' });
    const { user } = renderTab([closed, inProgress]);

    await user.click(await screen.findByText('Réglé'));
    await screen.findByRole('heading', { name: 'Réglé' });
    expect(screen.queryByRole('button', { name: adminConsole.markInProgress })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: adminConsole.closeMessage })).not.toBeInTheDocument();

    await user.click(screen.getByText('En traitement'));
    await screen.findByRole('heading', { name: 'En traitement' });
    expect(screen.queryByRole('button', { name: adminConsole.markInProgress })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: adminConsole.closeMessage })).toBeInTheDocument();
  });

  it('an empty reply says "Veuillez saisir une réponse" and sends nothing; a reply is sent trimmed', async () => {
    const message = supportMessageFixture();
    const toastSuccess = vi.spyOn(toast, 'success');
    const { callsTo, user } = renderTab([message], { [`POST /support/messages/${message.id}/respond`]: noContent });

    await user.click(await screen.findByText(message.subject));
    const reply = await screen.findByLabelText(adminConsole.replyLabel);
    await user.type(reply, '   ');
    await user.click(screen.getByRole('button', { name: adminConsole.sendReply }));
    expect(await screen.findByText(support.responseRequired)).toBeInTheDocument();
    expect(support.responseRequired).toBe('Veuillez saisir une réponse');
    expect(callsTo('POST', `/support/messages/${message.id}/respond`)).toHaveLength(0);

    await user.type(reply, 'Bonjour, vous serez remboursé.  ');
    expect(screen.queryByText(support.responseRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: adminConsole.sendReply }));
    await waitFor(() => expect(callsTo('POST', `/support/messages/${message.id}/respond`)).toHaveLength(1));
    expect(callsTo('POST', `/support/messages/${message.id}/respond`)[0]?.body).toEqual({
      response_text: 'Bonjour, vous serez remboursé.',
    });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(support.responseSent));
    expect(reply).toHaveValue('');
  });

  it('a failed reply says "Erreur lors de l\'envoi de la réponse" and keeps the text', async () => {
    const message = supportMessageFixture();
    const toastError = vi.spyOn(toast, 'error');
    const { user } = renderTab([message], {
      [`POST /support/messages/${message.id}/respond`]: () =>
        jsonResponse(500, { detail: 'Erreur interne', code: 'INTERNAL' }),
    });
    await user.click(await screen.findByText(message.subject));
    const reply = await screen.findByLabelText(adminConsole.replyLabel);
    await user.type(reply, 'Une réponse');
    await user.click(screen.getByRole('button', { name: adminConsole.sendReply }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(support.responseError, expect.anything()));
    expect(reply).toHaveValue('Une réponse');
  });

  it('the priority select shows the current priority; choosing another sends PUT {priority} and says "Statut mis à jour"', async () => {
    // jsdom has no scrollIntoView (the open select scrolls to its chosen item): lend one for this test only.
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: vi.fn(), configurable: true });
    try {
      const message = supportMessageFixture({ priority: 'normal' });
      const toastSuccess = vi.spyOn(toast, 'success');
      const { callsTo, user } = renderTab([message], { [`PUT /support/messages/${message.id}`]: noContent });

      await user.click(await screen.findByText(message.subject));
      const select = await screen.findByRole('combobox', { name: adminConsole.priorityField });
      expect(select).toHaveTextContent(adminConsole.supportPriority.normal!);

      select.focus();
      await user.keyboard('{Enter}');
      const statsLoads = callsTo('GET', '/support/stats').length;
      await user.click(await screen.findByRole('option', { name: adminConsole.supportPriority.urgent! }));
      await waitFor(() => expect(callsTo('PUT', `/support/messages/${message.id}`)).toHaveLength(1));
      expect(callsTo('PUT', `/support/messages/${message.id}`)[0]?.body).toEqual({ priority: 'urgent' });
      await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(support.statusUpdated));
      // The figures, the list and the message are read again, as after a status change.
      await waitFor(() => expect(callsTo('GET', '/support/stats').length).toBeGreaterThan(statsLoads));
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
    }
  });

  it('a refused priority change says "Erreur lors de la mise à jour"', async () => {
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: vi.fn(), configurable: true });
    try {
      const message = supportMessageFixture({ priority: 'urgent' });
      const toastError = vi.spyOn(toast, 'error');
      const { user } = renderTab([message], {
        [`PUT /support/messages/${message.id}`]: () =>
          jsonResponse(500, { detail: 'Erreur interne', code: 'INTERNAL' }),
      });
      await user.click(await screen.findByText(message.subject));
      const select = await screen.findByRole('combobox', { name: adminConsole.priorityField });
      select.focus();
      await user.keyboard('{Enter}');
      await user.click(await screen.findByRole('option', { name: adminConsole.supportPriority.low! }));
      await waitFor(() =>
        expect(toastError).toHaveBeenCalledWith(support.updateError, { description: 'Erreur interne' }),
      );
      expect(select).toHaveTextContent(adminConsole.supportPriority.urgent!);
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
    }
  });

  it('a refused status change says "Erreur lors de la mise à jour"', async () => {
    const message = supportMessageFixture();
    const toastError = vi.spyOn(toast, 'error');
    const { user } = renderTab([message], {
      [`PUT /support/messages/${message.id}`]: () =>
        jsonResponse(409, { detail: 'Ce changement de statut n’est pas possible.', code: 'SUPPORT_STATUS_TRANSITION' }),
    });
    await user.click(await screen.findByText(message.subject));
    await user.click(await screen.findByRole('button', { name: adminConsole.closeMessage }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(support.updateError, {
        description: 'Ce changement de statut n’est pas possible.',
      }),
    );
  });
});

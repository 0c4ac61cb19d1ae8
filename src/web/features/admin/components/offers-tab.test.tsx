import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_OFFERS_PAGE_SIZE } from '#shared/constants.ts';
import { admin, adminConsole } from '#shared/messages/admin.ts';
import type { AdminOffer } from '#shared/schemas/admin.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { noContent, offerFixture, stubAdminApi, type Routes } from './admin-fixtures.ts';
import OffersTab from './offers-tab.tsx';

const list = (items: AdminOffer[], total = items.length) => ({ items, total, skip: 0, limit: ADMIN_OFFERS_PAGE_SIZE });

function renderTab(routes: Routes) {
  const api = stubAdminApi(routes);
  const view = renderWithProviders(<OffersTab />);
  return { ...api, ...view, user: userEvent.setup() };
}

describe('admin offers tab: the list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each offer with its helper, price, duration and visibility', async () => {
    const shown = offerFixture({ title: 'Parler du burn-out' });
    const hidden = offerFixture({ title: 'Préparer un entretien', visible: false, price_cents: 0 });
    renderTab({ 'GET /admin/offers': list([shown, hidden]) });

    expect(await screen.findByText('Parler du burn-out')).toBeInTheDocument();
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText(/par Camille Martin/)).toHaveTextContent(/35,00\s€/);
    expect(within(rows[0]!).getByText(/60 min/)).toBeInTheDocument();
    expect(within(rows[0]!).getByText(admin.visible)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(admin.hidden)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/Gratuit/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: adminConsole.visibilityLabel('Parler du burn-out') })).toBeChecked();
    expect(
      screen.getByRole('switch', { name: adminConsole.visibilityLabel('Préparer un entretien') }),
    ).not.toBeChecked();
    expect(screen.getByText(adminConsole.offersCount(2))).toBeInTheDocument();
  });

  it('searches and pages on the server (search=, skip=), from the first page after a new search', async () => {
    const offers = Array.from({ length: 3 }, (_, index) => offerFixture({ title: `Offre ${index}` }));
    const { calls, user } = renderTab({ 'GET /admin/offers': list(offers, 120) });

    expect(await screen.findByText(adminConsole.pageOf(1, 3))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: adminConsole.nextPage }));
    await waitFor(() => expect(calls.at(-1)?.query.get('skip')).toBe(String(ADMIN_OFFERS_PAGE_SIZE)));
    expect(await screen.findByText(adminConsole.pageOf(2, 3))).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: adminConsole.offersSearchLabel }), '  deuil ');
    await user.click(screen.getByRole('button', { name: adminConsole.offersSearchButton }));
    await waitFor(() => expect(calls.at(-1)?.query.get('search')).toBe('deuil'));
    expect(calls.at(-1)?.query.get('skip')).toBeNull();
    expect(calls.at(-1)?.query.get('limit')).toBe(String(ADMIN_OFFERS_PAGE_SIZE));
  });

  it('the refresh button asks the list again', async () => {
    const { callsTo, user } = renderTab({ 'GET /admin/offers': list([offerFixture()]) });
    await screen.findByText(adminConsole.offersCount(1));
    const before = callsTo('GET', '/admin/offers').length;
    await user.click(screen.getByRole('button', { name: adminConsole.refresh }));
    await waitFor(() => expect(callsTo('GET', '/admin/offers').length).toBe(before + 1));
  });

  it('an empty search result says so', async () => {
    const { user } = renderTab({ 'GET /admin/offers': list([]) });
    await screen.findByText(adminConsole.offersEmpty);
    await user.type(screen.getByRole('searchbox'), 'zzz');
    await user.click(screen.getByRole('button', { name: adminConsole.offersSearchButton }));
    expect(await screen.findByText(adminConsole.offersEmptySearch)).toBeInTheDocument();
  });
});

describe('admin offers tab: actions', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('the edit modal sends title, description and the two numbers parsed as integers (0 when unreadable), and shows the server refusal', async () => {
    const offer = offerFixture({ title: 'Parler du burn-out' });
    const refusal = {
      detail: [{ loc: ['body', 'duration_minutes'], msg: 'Doit être supérieur ou égal à 1.', type: 'too_small' }],
    };
    let answer: () => Response = () => jsonResponse(422, refusal);
    const toastError = vi.spyOn(toast, 'error');
    const toastSuccess = vi.spyOn(toast, 'success');
    const { callsTo, user } = renderTab({
      'GET /admin/offers': list([offer]),
      [`PUT /admin/offers/${offer.id}`]: () => answer(),
    });

    await user.click(await screen.findByRole('button', { name: adminConsole.editOfferLabel('Parler du burn-out') }));
    const dialog = await screen.findByRole('dialog', { name: adminConsole.editTitle });
    const title = within(dialog).getByLabelText(adminConsole.fieldTitle);
    expect(title).toHaveValue('Parler du burn-out');
    await user.clear(title);
    await user.type(title, 'Parler de l’épuisement');
    const price = within(dialog).getByLabelText(adminConsole.fieldPrice);
    await user.clear(price);
    await user.type(price, '45.90');
    const duration = within(dialog).getByLabelText(adminConsole.fieldDuration);
    await user.clear(duration);
    await user.type(duration, 'une heure');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(callsTo('PUT', `/admin/offers/${offer.id}`)).toHaveLength(1));
    expect(callsTo('PUT', `/admin/offers/${offer.id}`)[0]?.body).toEqual({
      title: 'Parler de l’épuisement',
      description: 'Un moment pour parler.',
      price_cents: 45,
      duration_minutes: 0,
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Doit être supérieur ou égal à 1.');
    expect(toastError).toHaveBeenCalledWith(admin.editError, { description: 'Doit être supérieur ou égal à 1.' });
    expect(toastSuccess).not.toHaveBeenCalled();

    // Corrected, it goes through: "Offre modifiée avec succès" and the modal closes.
    answer = noContent;
    await user.clear(duration);
    await user.type(duration, '90');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(admin.edited));
    expect(callsTo('PUT', `/admin/offers/${offer.id}`)[1]?.body).toMatchObject({
      price_cents: 45,
      duration_minutes: 90,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes only after the confirmation, then says "Offre supprimée avec succès"', async () => {
    const offer = offerFixture({ title: 'Parler du burn-out' });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { callsTo, user } = renderTab({
      'GET /admin/offers': list([offer]),
      [`DELETE /admin/offers/${offer.id}`]: noContent,
    });
    const remove = await screen.findByRole('button', { name: adminConsole.deleteOfferLabel('Parler du burn-out') });

    await user.click(remove);
    const confirm = await screen.findByRole('alertdialog', { name: adminConsole.deleteTitle });
    expect(confirm).toHaveTextContent(adminConsole.deleteText('Parler du burn-out'));
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE', `/admin/offers/${offer.id}`)).toHaveLength(0);

    await user.click(remove);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(callsTo('DELETE', `/admin/offers/${offer.id}`)).toHaveLength(1));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(admin.deleted));
  });

  it('a refused delete says "Erreur lors de la suppression de l\'offre" with the reason', async () => {
    const offer = offerFixture();
    const toastError = vi.spyOn(toast, 'error');
    const { user } = renderTab({
      'GET /admin/offers': list([offer]),
      [`DELETE /admin/offers/${offer.id}`]: () =>
        jsonResponse(409, { detail: 'Cette offre a des réservations à venir.', code: 'OFFER_HAS_ACTIVE_BOOKINGS' }),
    });
    await user.click(await screen.findByRole('button', { name: adminConsole.deleteOfferLabel(offer.title) }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(admin.deleteError, {
        description: 'Cette offre a des réservations à venir.',
      }),
    );
  });

  it("the switch hides an offer (POST …/toggle) and goes back on a refusal with the spec's error", async () => {
    const offer = offerFixture({ title: 'Parler du burn-out' });
    const toastError = vi.spyOn(toast, 'error');
    let visible = true;
    let refuse = false;
    const { callsTo, user } = renderTab({
      'GET /admin/offers': () => jsonResponse(200, list([{ ...offer, visible }])),
      [`POST /admin/offers/${offer.id}/toggle`]: () => {
        if (refuse) return jsonResponse(500, { detail: 'Erreur interne', code: 'INTERNAL' });
        visible = !visible;
        return noContent();
      },
    });
    const visibility = await screen.findByRole('switch', { name: adminConsole.visibilityLabel('Parler du burn-out') });
    expect(visibility).toBeChecked();

    await user.click(visibility);
    await waitFor(() => expect(callsTo('POST', `/admin/offers/${offer.id}/toggle`)).toHaveLength(1));
    await waitFor(() => expect(visibility).not.toBeChecked());
    expect(await screen.findByText(admin.hidden)).toBeInTheDocument();

    refuse = true;
    await user.click(visibility);
    await waitFor(() => expect(callsTo('POST', `/admin/offers/${offer.id}/toggle`)).toHaveLength(2));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(admin.toggleError, expect.anything()));
    await waitFor(() => expect(visibility).not.toBeChecked());
    expect(screen.getByText(admin.hidden)).toBeInTheDocument();
  });
});

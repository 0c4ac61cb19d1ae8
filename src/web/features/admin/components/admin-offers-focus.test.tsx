import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_OFFERS_PAGE_SIZE } from '#shared/constants.ts';
import { adminConsole } from '#shared/messages/admin.ts';
import type { AdminOffer } from '#shared/schemas/admin.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { offerFixture, stubAdminApi, type Call } from './admin-fixtures.ts';
import OffersTab from './offers-tab.tsx';

/**
 * Keyboard focus in the offers tab (browser review R4): "Page suivante" is disabled on the last page
 * and a deleted offer's row goes away, each with the focus in it, which then fell to the page's body.
 */
describe('admin offers tab: the keyboard focus stays in the list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reaching the last page moves the focus to "Page précédente", the first page to "Page suivante"', async () => {
    const page = (skip: number) => ({
      items: [offerFixture({ title: `Offre ${skip}` })],
      total: ADMIN_OFFERS_PAGE_SIZE + 1,
      skip,
      limit: ADMIN_OFFERS_PAGE_SIZE,
    });
    stubAdminApi({ 'GET /admin/offers': (call: Call) => jsonResponse(200, page(Number(call.query.get('skip') ?? 0))) });
    renderWithProviders(<OffersTab />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: adminConsole.nextPage }));
    await screen.findByText(`Offre ${ADMIN_OFFERS_PAGE_SIZE}`);
    await waitFor(() => expect(screen.getByRole('button', { name: adminConsole.previousPage })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: adminConsole.previousPage }));
    await screen.findByText('Offre 0');
    await waitFor(() => expect(screen.getByRole('button', { name: adminConsole.nextPage })).toHaveFocus());
  });

  it('after a delete the focus goes to the offer that took its place in the list', async () => {
    let offers: AdminOffer[] = [offerFixture({ title: 'Parler du burn-out' }), offerFixture({ title: 'Reprendre' })];
    const [first] = offers;
    stubAdminApi({
      'GET /admin/offers': () =>
        jsonResponse(200, { items: offers, total: offers.length, skip: 0, limit: ADMIN_OFFERS_PAGE_SIZE }),
      [`DELETE /admin/offers/${first!.id}`]: () => {
        offers = offers.filter((offer) => offer.id !== first!.id);
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<OffersTab />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: adminConsole.deleteOfferLabel('Parler du burn-out') }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByText('Parler du burn-out')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: adminConsole.visibilityLabel('Reprendre') })).toHaveFocus(),
    );
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PAYMENT_HOLD_MINUTES } from '#shared/constants.ts';
import { paymentCancel } from '#shared/messages/payments-web.ts';
import { paths } from '#web/config/paths.ts';
import { renderWithProviders } from '#web/testing/render.tsx';
import PaymentCancelPage from './payment-cancel.tsx';

describe('/payment/cancel', () => {
  it('says nothing was charged and the booking stays pending payment', async () => {
    renderWithProviders(<PaymentCancelPage />, { path: paths.paymentCancel.path });
    expect(await screen.findByRole('heading', { level: 1, name: paymentCancel.title })).toBeInTheDocument();
    expect(screen.getByText(paymentCancel.text)).toBeInTheDocument();
    expect(screen.getByText(paymentCancel.holdText(PAYMENT_HOLD_MINUTES))).toBeInTheDocument();
  });

  it('offers back, /explore, /dashboard and /support (spec 2 section 2)', async () => {
    renderWithProviders(<PaymentCancelPage />, { path: paths.paymentCancel.path });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('button', { name: paymentCancel.back })).toBeInTheDocument();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([paths.explore.href(), paths.dashboard.href('bookings'), '/support']);
    expect(screen.getByRole('link', { name: paymentCancel.support })).toHaveAttribute('href', '/support');
  });

  it('"Mon espace" opens the bookings tab, where the page says the payment can be resumed', async () => {
    renderWithProviders(<PaymentCancelPage />, { path: paths.paymentCancel.path });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: paymentCancel.dashboard })).toHaveAttribute(
      'href',
      paths.dashboard.href('bookings'),
    );
  });

  it('"Retour" goes back one page', async () => {
    const { router } = renderWithProviders(<PaymentCancelPage />, { path: paths.paymentCancel.path });
    await router.navigate('/payment/cancel');
    await screen.findByRole('heading', { level: 1 });
    await router.navigate('/payment/cancel?again=1');
    await userEvent.click(await screen.findByRole('button', { name: paymentCancel.back }));
    expect(router.state.location.search).toBe('');
  });
});

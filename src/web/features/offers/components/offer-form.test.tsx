import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { offers } from '#shared/messages/offers.ts';
import type { OfferFormValues } from '#shared/schemas/offers.ts';
import { OfferForm, emptyOfferForm } from './offer-form.tsx';

// jsdom has no ResizeObserver; Radix's Switch and Select measure themselves with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const filled = {
  ...emptyOfferForm,
  title: 'Sortir du burn-out',
  description: 'Une heure pour en parler.',
  category: 'sante-mentale' as const,
};

function renderForm(props: { payoutReady?: boolean; defaults?: typeof filled } = {}) {
  const onSubmit = vi.fn<(values: OfferFormValues) => Promise<void>>(() => Promise.resolve());
  render(
    <MemoryRouter>
      <OfferForm
        defaultValues={props.defaults ?? filled}
        payoutReady={props.payoutReady}
        submitLabel="Publier"
        cancelTo="/dashboard"
        onSubmit={onSubmit}
      />
    </MemoryRouter>,
  );
  return { onSubmit, user: userEvent.setup() };
}

const contactField = () => screen.getByLabelText(offers.fieldContact);
const submit = () => screen.getByRole('button', { name: 'Publier' });

describe('OfferForm contact information', () => {
  it.each([
    ['', offers.contactRequired],
    ['+0612345678', offers.contactInvalidPhone],
    ['0612345678abc', offers.contactInvalidPhone],
    ['https://zoom.us.evil.com/j/123', offers.contactInvalidLink],
    ['http://meet.google.com/abc-defg-hij', offers.contactInvalidLink],
    ['appelez-moi le soir', offers.contactInvalidFormat],
  ])('refuses %j with the spec message', async (value, message) => {
    const { onSubmit, user } = renderForm({ payoutReady: true });
    if (value) await user.type(contactField(), value);
    await user.click(submit());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(contactField()).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts a Teams link and submits prices in whole euros', async () => {
    const { onSubmit, user } = renderForm({ payoutReady: true });
    await user.type(contactField(), 'https://teams.microsoft.com/l/meetup-join/abc');
    await user.click(submit());
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      meeting_contact_info: 'https://teams.microsoft.com/l/meetup-join/abc',
      category: 'sante-mentale',
      currency: 'eur',
      pricing_options: [{ duration_minutes: 60, price_euros: 50 }],
    });
  });
});

describe('OfferForm required fields and prices', () => {
  it('shows the title, description and category messages', async () => {
    const { user } = renderForm({ payoutReady: true, defaults: { ...emptyOfferForm } as typeof filled });
    await user.click(submit());
    expect(await screen.findByText(offers.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(offers.descriptionRequired)).toBeInTheDocument();
    expect(screen.getByText(offers.categoryRequired)).toBeInTheDocument();
  });

  it('refuses a price that is not a whole number of euros', async () => {
    const { user } = renderForm({ payoutReady: true });
    await user.type(contactField(), '+33612345678');
    const price = screen.getByLabelText(/Prix/);
    await user.clear(price);
    await user.type(price, '12.5');
    await user.click(submit());
    expect(await screen.findByText(offers.priceWholeEuros)).toBeInTheDocument();
  });
});

describe('OfferForm payout rule', () => {
  it('names the payout provider', () => {
    renderForm({ payoutReady: true });
    expect(screen.getByText(offers.payoutNotice)).toBeInTheDocument();
  });

  it('holds a paid offer without a payout account and points to the dashboard', async () => {
    const { onSubmit, user } = renderForm({ payoutReady: false });
    expect(screen.getByText(offers.payoutAccountRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: offers.payoutSetupLink })).toHaveAttribute(
      'href',
      '/dashboard?tab=overview',
    );
    await user.type(contactField(), '+33612345678');
    await user.click(submit());
    await vi.waitFor(() => expect(screen.getByRole('link', { name: offers.payoutSetupLink })).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('lets a free offer through without a payout account', async () => {
    const { onSubmit, user } = renderForm({ payoutReady: false });
    const price = screen.getByLabelText(/Prix/);
    await user.clear(price);
    await user.type(price, '0');
    expect(screen.queryByText(offers.payoutAccountRequired)).not.toBeInTheDocument();
    await user.type(contactField(), '+33 6 12 34 56 78');
    await user.click(submit());
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].pricing_options).toEqual([{ duration_minutes: 60, price_euros: 0 }]);
  });

  it('leaves the decision to the server while the account status is unknown', () => {
    renderForm({ payoutReady: undefined });
    expect(screen.queryByText(offers.payoutAccountRequired)).not.toBeInTheDocument();
  });
});

describe('OfferForm pricing options', () => {
  it('adds an option with an unused duration and removes it again', async () => {
    const { user } = renderForm({ payoutReady: true });
    await user.click(screen.getByRole('button', { name: offers.addPricingOption }));
    expect(screen.getAllByLabelText(/Prix/)).toHaveLength(2);
    expect(screen.getByRole('button', { name: offers.removePricingOption(1) })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: offers.removePricingOption(2) }));
    expect(screen.getAllByLabelText(/Prix/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: offers.removePricingOption(1) })).toBeDisabled();
  });
});

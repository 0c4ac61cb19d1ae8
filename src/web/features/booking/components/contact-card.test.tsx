import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingPage } from '#shared/messages/bookings.ts';
import { renderWithProviders } from '#web/testing/render.tsx';
import { ContactCard } from './contact-card.tsx';

describe('ContactCard', () => {
  // The bookings tab shows one per scheduled booking: as named regions they were several landmarks
  // of one name (axe landmark-unique, found in issue 8's walk). Its heading is enough to find it.
  it('is a headed block, not a landmark, so a list of bookings repeats no landmark name', async () => {
    renderWithProviders(
      <>
        <ContactCard offerId="0a000000-0000-4000-8000-000000000001" enabled={false} />
        <ContactCard offerId="0a000000-0000-4000-8000-000000000002" enabled={false} />
      </>,
    );
    expect(await screen.findAllByRole('heading', { name: bookingPage.contactTitle })).toHaveLength(2);
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });
});

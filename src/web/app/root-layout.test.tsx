import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { nav } from '#shared/messages/common.ts';
import { bioReminder } from '#shared/messages/bio-reminder.ts';
import { RootLayout } from '#web/app/root-layout.tsx';
import { paths } from '#web/config/paths.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';

// Just signed up, no bio yet: the reminder's audience.
const newcomer = currentUserFixture({ role: 'helpee', created_at: new Date().toISOString() });

function renderLayoutAt(url: string) {
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok-1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, newcomer)),
  );
  return renderWithProviders(<RootLayout />, { path: '*', initialEntry: url });
}

describe('RootLayout and the bio reminder', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sits in the page flow, inside the main content, never floating over it', async () => {
    renderLayoutAt(paths.dashboard.href());
    const reminder = (await screen.findByRole('heading', { name: bioReminder.title })).closest('section');
    expect(reminder).not.toBeNull();
    expect(reminder?.closest('main')).not.toBeNull();
    expect(reminder?.className).not.toMatch(/\b(fixed|absolute|sticky)\b/);
  });

  it.each([paths.editProfile.href(), `${paths.editProfile.href()}/`])(
    'is not shown on the profile form it points to (%s)',
    async (url) => {
      renderLayoutAt(url);
      await screen.findByRole('button', { name: new RegExp(nav.accountMenu) });
      expect(screen.queryByRole('heading', { name: bioReminder.title })).toBeNull();
    },
  );
});

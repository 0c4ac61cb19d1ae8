import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, PUBLIC_CONFIG_ELEMENT_ID } from '#shared/constants.ts';
import { demoMode, nav } from '#shared/messages/common.ts';
import { bioReminder } from '#shared/messages/bio-reminder.ts';
import { RootLayout } from '#web/app/root-layout.tsx';
import { paths } from '#web/config/paths.ts';
import { PublicConfigProvider, readPublicConfig } from '#web/lib/public-config.tsx';
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

describe('RootLayout and the demonstration banner', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove();
  });

  it('shows the banner above every page when the page’s public config says payments are simulated', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PUBLIC_CONFIG_ELEMENT_ID;
    script.textContent = '{"demo_banner":true}';
    document.body.append(script);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, {})),
    );
    for (const url of [paths.home.href(), paths.dashboard.href(), '/search']) {
      const view = renderWithProviders(
        <PublicConfigProvider config={readPublicConfig(document)}>
          <RootLayout />
        </PublicConfigProvider>,
        { path: '*', initialEntry: url },
      );
      expect(screen.getByText(demoMode.banner)).toBeVisible();
      view.unmount();
    }
  });

  it('shows no banner otherwise (no config in the page, or the flag off)', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, {})),
    );
    expect(readPublicConfig(document)).toEqual({ demo_banner: false });
    renderWithProviders(
      <PublicConfigProvider config={readPublicConfig(document)}>
        <RootLayout />
      </PublicConfigProvider>,
      { path: '*', initialEntry: '/' },
    );
    expect(screen.queryByText(demoMode.banner)).toBeNull();
  });
});

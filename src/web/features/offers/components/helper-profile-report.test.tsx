import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { helperProfile } from '#shared/messages/offers.ts';
import type { Review } from '#shared/schemas/reviews.ts';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { HelperProfile } from './helper-profile.tsx';
import type { RenderReportAction } from './report-action.ts';

const helper = currentUserFixture({ role: 'helper' });
const seeker = currentUserFixture({ id: '3c1c2d3e-4a5b-4c6d-8e7f-901234567890', role: 'helpee' });

const review = (id: string, author: typeof seeker, comment: string): Review => ({
  id,
  rating: 5,
  comment,
  created_at: '2030-01-05T10:00:00.000Z',
  helper_id: helper.id,
  booking_id: '5e1c2d3e-4a5b-4c6d-8e7f-901234567890',
  author: { id: author.id, display_name: author.display_name, username: author.username, avatar_url: null },
});
const other = currentUserFixture({ id: '4b1c2d3e-4a5b-4c6d-8e7f-901234567890', display_name: 'Jeanne' });
const mine = review('6f1c2d3e-4a5b-4c6d-8e7f-000000000001', seeker, 'Merci pour l’écoute');
const theirs = review('6f1c2d3e-4a5b-4c6d-8e7f-000000000002', other, 'Une aide précieuse');

/** The profile of `helper`, with two reviews, read by `me` (a visitor when null). */
async function renderProfile(me: typeof helper | null) {
  if (me) window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'jeton');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, me);
      if (url.startsWith(`/api/v1/users/${helper.id}`)) {
        const { email: _email, ...publicHelper } = helper;
        return jsonResponse(200, publicHelper);
      }
      if (url.startsWith('/api/v1/reviews/summary')) return jsonResponse(200, { average: 5, count: 2 });
      if (url.startsWith('/api/v1/reviews/')) return jsonResponse(200, [mine, theirs]);
      if (url.startsWith('/api/v1/offers/search'))
        return jsonResponse(200, { items: [], total: 0, total_is_estimate: false, page: 1, limit: 100 });
      return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
    }),
  );
  const action = vi.fn<RenderReportAction>((target) => (
    <button type="button">{`report:${target.type}:${target.id}`}</button>
  ));
  const { queryClient } = renderWithProviders(
    <AuthDialogContext value={{ open: vi.fn(), close: vi.fn() }}>
      <HelperProfile helperId={helper.id} renderReportAction={action} />
    </AuthDialogContext>,
  );
  if (me) await waitFor(() => expect(queryClient.getQueryData(queryKeys.currentUser)).toBeDefined());
  await screen.findByRole('heading', { level: 1 });
  return { action, user: userEvent.setup() };
}

const reviewsTab = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('tab', { name: new RegExp(helperProfile.tabReviews) }));
  return screen.findByText('Une aide précieuse').then((text) => text.closest('ul') as HTMLElement);
};

describe('HelperProfile report actions (issue 13 section 1)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a reader reports the profile and each review but their own', async () => {
    const { user } = await renderProfile(seeker);
    expect(screen.getByRole('button', { name: `report:user:${helper.id}` })).toBeInTheDocument();
    const reviews = await reviewsTab(user);
    expect(within(reviews).getByRole('button', { name: `report:review:${theirs.id}` })).toBeInTheDocument();
    expect(within(reviews).queryByRole('button', { name: `report:review:${mine.id}` })).not.toBeInTheDocument();
  });

  it('a visitor gets the actions too (the page’s button asks them to log in)', async () => {
    const { user } = await renderProfile(null);
    expect(screen.getByRole('button', { name: `report:user:${helper.id}` })).toBeInTheDocument();
    const reviews = await reviewsTab(user);
    expect(within(reviews).getAllByRole('button', { name: /^report:review:/ })).toHaveLength(2);
  });

  it('the helper cannot report their own profile, but can report a review of it', async () => {
    const { user } = await renderProfile(helper);
    expect(screen.queryByRole('button', { name: `report:user:${helper.id}` })).not.toBeInTheDocument();
    const reviews = await reviewsTab(user);
    expect(within(reviews).getAllByRole('button', { name: /^report:review:/ })).toHaveLength(2);
  });
});

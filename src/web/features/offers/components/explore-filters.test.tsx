import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categories, explore } from '#shared/messages/offers.ts';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { ExploreFilters, searchFiltersFromParams } from './explore-filters.tsx';
import { ExploreResults } from './explore-results.tsx';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/recherche',
        element: (
          <>
            <ExploreFilters />
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const params = () => new URLSearchParams(screen.getByTestId('location').textContent?.split('?')[1] ?? '');
const chip = (name: string) => screen.getByRole('button', { name });

describe('ExploreFilters', () => {
  it('reads the search text and category from the address', () => {
    renderAt('/recherche?search=deuil&category=relations');
    expect(screen.getByRole('searchbox', { name: explore.searchLabel })).toHaveValue('deuil');
    expect(chip(categories.relations)).toHaveAttribute('aria-pressed', 'true');
    expect(chip(categories.all)).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows "Tous" and the seven categories, "Tous" pressed without a category', () => {
    renderAt('/recherche');
    const group = screen.getByRole('group', { name: explore.categoriesLabel });
    expect(group.querySelectorAll('button')).toHaveLength(8);
    expect(chip(categories.all)).toHaveAttribute('aria-pressed', 'true');
  });

  it('puts the category id in the address, keeps the search and goes back to page 1', async () => {
    const { user } = renderAt('/recherche?search=deuil&page=3');
    await user.click(chip(categories['sante-mentale']));
    expect(params().get('category')).toBe('sante-mentale');
    expect(params().get('search')).toBe('deuil');
    expect(params().get('page')).toBeNull();
    expect(chip(categories['sante-mentale'])).toHaveAttribute('aria-pressed', 'true');
  });

  it('"Tous" removes the category only', async () => {
    const { user } = renderAt('/recherche?search=deuil&category=carriere');
    await user.click(chip(categories.all));
    expect(params().get('category')).toBeNull();
    expect(params().get('search')).toBe('deuil');
  });

  it('submits the trimmed search text and keeps the category', async () => {
    const { user } = renderAt('/recherche?category=etudes');
    const box = screen.getByRole('searchbox', { name: explore.searchLabel });
    await user.type(box, '  burn-out {Enter}');
    expect(params().get('search')).toBe('burn-out');
    expect(params().get('category')).toBe('etudes');
  });

  it('an empty search removes the parameter', async () => {
    const { user } = renderAt('/recherche?search=deuil');
    const box = screen.getByRole('searchbox', { name: explore.searchLabel });
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: explore.searchButton }));
    expect(params().has('search')).toBe(false);
  });

  it('follows the address when history changes it', async () => {
    const { router } = renderAt('/recherche?search=deuil');
    await router.navigate('/recherche?search=stress');
    expect(await screen.findByDisplayValue('stress')).toBeInTheDocument();
  });
});

describe('ExploreFilters: price and duration', () => {
  const priceSelect = () => screen.getByRole('combobox', { name: explore.priceFilterLabel });
  const durationSelect = () => screen.getByRole('combobox', { name: explore.durationFilterLabel });

  it('labels both selects and offers "any", free, the price ceilings and the durations', () => {
    renderAt('/recherche');
    expect(priceSelect()).toHaveValue('');
    expect(durationSelect()).toHaveValue('');
    const priceLabels = Array.from(priceSelect().querySelectorAll('option')).map((option) => option.textContent);
    expect(priceLabels).toEqual([
      explore.priceAny,
      explore.priceFree,
      explore.priceUpTo(20),
      explore.priceUpTo(50),
      explore.priceUpTo(100),
    ]);
    expect(durationSelect().querySelectorAll('option')).toHaveLength(7);
    expect(screen.getByRole('option', { name: explore.durationMinutes(90) })).toBeInTheDocument();
  });

  it('reads the price ceiling (cents) and the duration (minutes) from the address', () => {
    renderAt('/recherche?max_price=5000&duration=45');
    expect(priceSelect()).toHaveValue('5000');
    expect(durationSelect()).toHaveValue('45');
  });

  it('ignores values of the address that are not among the choices', () => {
    renderAt('/recherche?max_price=1234&duration=abc');
    expect(priceSelect()).toHaveValue('');
    expect(durationSelect()).toHaveValue('');
    expect(searchFiltersFromParams(new URLSearchParams('max_price=1234&duration=abc'))).toMatchObject({
      max_price: undefined,
      duration: undefined,
    });
  });

  it('writes the choices to the address, keeps the other filters and goes back to page 1', async () => {
    const { user } = renderAt('/recherche?search=deuil&category=relations&page=2');
    await user.selectOptions(priceSelect(), explore.priceUpTo(20));
    expect(params().get('max_price')).toBe('2000');
    expect(params().get('page')).toBeNull();
    await user.selectOptions(durationSelect(), explore.durationMinutes(60));
    expect(params().get('duration')).toBe('60');
    expect(params().get('max_price')).toBe('2000');
    expect(params().get('search')).toBe('deuil');
    expect(params().get('category')).toBe('relations');
    await user.selectOptions(priceSelect(), explore.priceFree);
    expect(params().get('max_price')).toBe('0');
  });

  it('"any" removes the parameter', async () => {
    const { user } = renderAt('/recherche?max_price=0&duration=30');
    await user.selectOptions(priceSelect(), explore.priceAny);
    await user.selectOptions(durationSelect(), explore.durationAny);
    expect(params().has('max_price')).toBe(false);
    expect(params().has('duration')).toBe(false);
  });

  it('comes after the category chips in keyboard order, price then duration', async () => {
    const { user } = renderAt('/recherche');
    const chips = screen.getByRole('group', { name: explore.categoriesLabel }).querySelectorAll('button');
    chips[chips.length - 1]!.focus();
    await user.tab();
    expect(priceSelect()).toHaveFocus();
    await user.tab();
    expect(durationSelect()).toHaveFocus();
  });
});

describe('Explore sends the filters of the address to the search API', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks GET /offers/search for max_price and duration, and again when they change', async () => {
    const fetchMock = vi.fn(async (_input: string) =>
      jsonResponse(200, { items: [], total: 0, total_is_estimate: false, page: 1, limit: 12 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <AuthDialogContext value={{ open: () => {}, close: () => {} }}>
        <ExploreFilters />
        <ExploreResults />
      </AuthDialogContext>,
      { path: '/recherche', initialEntry: '/recherche?search=deuil&max_price=5000&duration=60' },
    );
    const searched = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(input, 'http://appui.test'))
        .filter((url) => url.pathname === '/api/v1/offers/search');
    await waitFor(() => expect(searched()).toHaveLength(1));
    expect(Object.fromEntries(searched()[0]!.searchParams)).toMatchObject({
      query: 'deuil',
      max_price: '5000',
      duration: '60',
    });
    await userEvent
      .setup()
      .selectOptions(screen.getByRole('combobox', { name: explore.durationFilterLabel }), explore.durationMinutes(30));
    await waitFor(() => expect(searched().at(-1)!.searchParams.get('duration')).toBe('30'));
    expect(searched().at(-1)!.searchParams.get('max_price')).toBe('5000');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { categories, explore } from '#shared/messages.ts';
import { ExploreFilters } from './explore-filters.tsx';

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

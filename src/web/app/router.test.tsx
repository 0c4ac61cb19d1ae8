import { render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from '#web/components/layout/site-footer.tsx';
import { paths } from '#web/config/paths.ts';
import { renderWithProviders } from '#web/testing/render.tsx';
import { routes } from './router.tsx';
import PaymentSuccessPage from './routes/payment-success.tsx';

/** The route a pathname reaches; '*' means the "Page non trouvée" page. */
function routeOf(pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  const last = matches.at(-1)?.route;
  return last?.index ? '/' : last?.path;
}

function internalHrefs(): string[] {
  return screen
    .getAllByRole('link')
    .map((link) => link.getAttribute('href') ?? '')
    .filter((href) => href.startsWith('/'));
}

const pathnameOf = (href: string) => new URL(href, 'http://appui.test').pathname;

describe('links lead to pages that exist', () => {
  it('every entry of the route table has its page', () => {
    for (const [name, entry] of Object.entries(paths)) {
      expect({ name, route: routeOf(entry.path) }).not.toEqual({ name, route: '*' });
    }
  });

  it('the footer links only to existing pages', () => {
    const router = createMemoryRouter([{ path: '*', element: <SiteFooter /> }]);
    render(<RouterProvider router={router} />);
    const hrefs = internalHrefs();
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect({ href, route: routeOf(pathnameOf(href)) }).not.toEqual({ href, route: '*' });
  });

  it('the success page links only to existing pages', async () => {
    renderWithProviders(<PaymentSuccessPage />, {
      path: paths.paymentSuccess.path,
      initialEntry: paths.paymentSuccess.href({ booking_id: 'b-1', free: true }),
    });
    await screen.findByRole('heading', { level: 1 });
    const hrefs = internalHrefs();
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect({ href, route: routeOf(pathnameOf(href)) }).not.toEqual({ href, route: '*' });
  });
});

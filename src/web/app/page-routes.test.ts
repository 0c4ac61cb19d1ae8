import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_PATTERNS } from '#shared/page-routes.ts';
import { routes } from './router.tsx';

/**
 * The server answers 200 or 404 for a web address with isPagePath (src/shared/page-routes.ts); the
 * browser shows a page or "Page non trouvée" with this router. Both must agree.
 */
const showsAPage = (pathname: string) => (matchRoutes(routes, pathname) ?? []).at(-1)?.route.path !== '*';

function routerPatterns(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.index ? ['/'] : route.path && route.path !== '*' ? [route.path] : []),
    ...routerPatterns(route.children ?? []),
  ]);
}

const id = '0b9f8a52-4c1e-4a6b-9a43-2f1d3c5e7a90';
const sample = (pattern: string) => pattern.replace(/:[\w-]+/g, id);

describe('the shared page list and the web router', () => {
  it('list the same pages', () => {
    expect(new Set(routerPatterns(routes))).toEqual(new Set(Object.values(PAGE_PATTERNS)));
  });

  it('agree on which addresses show a page', () => {
    const addresses = Object.values(PAGE_PATTERNS).flatMap((pattern) => [
      sample(pattern),
      `${sample(pattern)}/`,
      sample(pattern).toUpperCase(),
      `${sample(pattern)}/extra`,
      pattern.replace(/\/:[\w-]+.*$/, ''),
      `${sample(pattern)}x`,
    ]);
    addresses.push('/nope', '/support', '/admin', '/payment/cancel', '/mentors//x', '/api', '/%64ashboard');
    for (const address of addresses) {
      expect({ address, page: isPagePath(address) }).toEqual({ address, page: showsAPage(address) });
    }
  });
});

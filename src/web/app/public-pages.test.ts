import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_PATTERNS, pageNameOf, type PageName } from '#shared/page-routes.ts';
import { PUBLIC_PAGE_MODULES } from './public-pages.ts';
import { routes } from './router.tsx';

const id = '0b9f8a52-4c1e-4a6b-9a43-2f1d3c5e7a90';
const address = (name: PageName) => PAGE_PATTERNS[name].replace(/:[\w-]+/g, id);

describe('PUBLIC_PAGE_MODULES (what boot.ts loads beside the app)', () => {
  it.each(Object.keys(PUBLIC_PAGE_MODULES) as (keyof typeof PUBLIC_PAGE_MODULES)[])(
    '%s is the page the router shows there, and one the server renders',
    async (name) => {
      expect(pageNameOf(address(name))).toBe(name);
      const module = await PUBLIC_PAGE_MODULES[name]();
      expect(typeof module.ssr).toBe('function');
      const route = matchRoutes(routes, address(name))?.at(-1)?.route;
      expect(typeof route?.lazy).toBe('function');
      const resolved = (await (route!.lazy as () => Promise<{ Component: unknown }>)()) ?? {};
      expect(resolved.Component).toBe(module.default);
    },
  );
});

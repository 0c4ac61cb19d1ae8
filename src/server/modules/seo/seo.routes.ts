import { z } from 'zod';
import type { App, AppContext } from '../../app-types.ts';
import { buildRobots, buildSitemap } from './seo.service.ts';

/** How long crawlers and proxies may keep sitemap.xml and robots.txt (they change with the offers). */
const SEO_FILES_CACHE_CONTROL = 'public, max-age=3600';

/**
 * How long one sitemap answers for. It reads up to SITEMAP_MAX_URLS rows: built once a minute at
 * most, however often it is asked for, it costs nothing to whoever would request it in a loop.
 */
export const SITEMAP_MAX_AGE_MS = 60_000;

/** GET /sitemap.xml and GET /robots.txt, at the site's root (issue 11 section 2). */
export async function seoRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  let sitemap: { at: number; xml: Promise<string> } | undefined;
  const currentSitemap = (): Promise<string> => {
    const now = Date.now();
    if (!sitemap || now - sitemap.at >= SITEMAP_MAX_AGE_MS) {
      const xml = buildSitemap(ctx);
      const entry = { at: now, xml };
      sitemap = entry;
      // A failure is not kept: the next request tries again.
      xml.catch(() => {
        if (sitemap === entry) sitemap = undefined;
      });
    }
    return sitemap.xml;
  };
  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['seo'],
        summary: 'Plan du site pour les moteurs de recherche',
        description:
          'Pages statiques, page de réservation de chaque offre visible et profil de chaque aidant qui en a une ; adresses absolues sur PUBLIC_URL.',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const xml = await currentSitemap();
      return reply.type('application/xml; charset=utf-8').header('Cache-Control', SEO_FILES_CACHE_CONTROL).send(xml);
    },
  );
  app.get(
    '/robots.txt',
    {
      schema: {
        tags: ['seo'],
        summary: 'Consignes aux robots d’indexation',
        description: 'Tout est indexable sauf les espaces privés ; indique le plan du site.',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('Cache-Control', SEO_FILES_CACHE_CONTROL).send(buildRobots(ctx)),
  );
}

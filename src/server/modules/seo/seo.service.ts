import { SITEMAP_MAX_URLS } from '#shared/constants.ts';
import { PAGE_PATTERNS } from '#shared/page-routes.ts';
import { robotsTxt, sitemapXml, type SitemapEntry } from '#shared/rules/seo.ts';
import type { AppContext } from '../../app-types.ts';
import { listListedOfferStamps } from '../offers/offers.service.ts';

/** The pages without data that search engines may index (issue 11 section 2). */
export const STATIC_SITEMAP_PATHS = [
  PAGE_PATTERNS.home,
  PAGE_PATTERNS.search,
  PAGE_PATTERNS.about,
  PAGE_PATTERNS.support,
  PAGE_PATTERNS.cgv,
  PAGE_PATTERNS.mentionsLegales,
  PAGE_PATTERNS.confidentialite,
  PAGE_PATTERNS.helperVerification,
] as const;

/**
 * Private areas crawlers are asked to leave alone: they show nothing without an account (and
 * their addresses can carry tokens, like the reset link). Anything else public may be crawled.
 */
export const ROBOTS_DISALLOWED_PATHS = [
  '/api/',
  PAGE_PATTERNS.dashboard,
  PAGE_PATTERNS.admin,
  PAGE_PATTERNS.editProfile,
  PAGE_PATTERNS.createOffer,
  '/edit-offer/',
  '/offers/',
  PAGE_PATTERNS.manageAvailability,
  '/payment/',
  PAGE_PATTERNS.stripeTest,
  PAGE_PATTERNS.forgotPassword,
  PAGE_PATTERNS.resetPassword,
  PAGE_PATTERNS.verifyEmail,
  '/simulateur/',
] as const;

const mentorPath = (helperId: string) => PAGE_PATTERNS.mentor.replace(':id', helperId);
const bookPath = (offerId: string) => PAGE_PATTERNS.book.replace(':offerId', offerId);

/**
 * sitemap.xml: the static pages, every listed offer's booking page and the profile of each helper
 * with one (dated by their latest offer change). One file holds SITEMAP_MAX_URLS at most, the
 * protocol's limit: past it, the most recently changed offers win.
 */
export async function buildSitemap(ctx: AppContext): Promise<string> {
  const offers = await listListedOfferStamps(ctx, SITEMAP_MAX_URLS - STATIC_SITEMAP_PATHS.length);
  const helpers = new Map<string, Date>();
  for (const offer of offers) if (!helpers.has(offer.helperId)) helpers.set(offer.helperId, offer.updatedAt);
  const entries: SitemapEntry[] = [
    ...STATIC_SITEMAP_PATHS.map((path) => ({ path })),
    ...offers.map((offer) => ({ path: bookPath(offer.id), lastModified: offer.updatedAt.toISOString() })),
    ...[...helpers].map(([helperId, updatedAt]) => ({
      path: mentorPath(helperId),
      lastModified: updatedAt.toISOString(),
    })),
  ];
  return sitemapXml(ctx.config.publicUrl, entries.slice(0, SITEMAP_MAX_URLS));
}

export function buildRobots(ctx: AppContext): string {
  return robotsTxt(ctx.config.publicUrl, ROBOTS_DISALLOWED_PATHS);
}

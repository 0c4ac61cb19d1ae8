/**
 * The pages the web router serves (src/web/app/router.tsx), as React Router patterns. The web route
 * table (src/web/config/paths.ts) takes its patterns from here and the server matches request paths
 * against them, so an address that is no page answers HTTP 404 with the app's "Page non trouvée"
 * instead of a 200 (issue 8). A page added to the router is added here first.
 */
export const PAGE_PATTERNS = {
  home: '/',
  dashboard: '/dashboard',
  editProfile: '/edit-profile',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  dataRights: '/mes-donnees',
  about: '/about',
  confidentialite: '/confidentialite',
  cgv: '/cgv',
  mentionsLegales: '/mentions-legales',
  helperVerification: '/verification-des-aidants',
  search: '/recherche',
  explore: '/explore',
  offres: '/offres',
  mentor: '/mentors/:id',
  profile: '/profile/:userId',
  createOffer: '/create-offer',
  editOffer: '/edit-offer/:id',
  addSlots: '/offers/:id/add-slots',
  manageSlots: '/offers/:id/manage-slots',
  manageAvailability: '/manage-availability',
  book: '/book/:offerId',
  paymentSuccess: '/payment/success',
  paymentCancel: '/payment/cancel',
  stripeTest: '/stripe-test',
  support: '/support',
  admin: '/admin',
  adminSupport: '/admin/support',
} as const;
export type PageName = keyof typeof PAGE_PATTERNS;

/**
 * Longest path parameter a page accepts. Every parameter of a page is an id (a UUID), and the API
 * refuses a parameter longer than this with a 414 (Fastify's `maxParamLength`): an address with a
 * longer one shows no page, so it answers 404.
 */
export const PAGE_PARAM_MAX_LENGTH = 100;

/**
 * React Router's own rule (compilePath, non-case-sensitive, trailing slashes allowed, a `:param`
 * being one non-empty segment), plus the length bound above.
 */
function compilePattern(pattern: string): RegExp {
  const source = pattern
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:[\w-]+/g, `/[^/]{1,${PAGE_PARAM_MAX_LENGTH}}`);
  return new RegExp(`^${source}/*$`, 'i');
}

const PAGE_MATCHERS = (Object.entries(PAGE_PATTERNS) as [PageName, string][]).map(
  ([name, pattern]) => [name, compilePattern(pattern)] as const,
);

/** Decoded segment by segment, like React Router; a malformed escape stays as it is, like there. */
function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** The page the web app shows at this pathname (no query), or null for "Page non trouvée". */
export function pageNameOf(pathname: string): PageName | null {
  const decoded = decodePath(pathname);
  return PAGE_MATCHERS.find(([, matcher]) => matcher.test(decoded))?.[0] ?? null;
}

/** Whether the web app shows a page (rather than "Page non trouvée") at this pathname (no query). */
export function isPagePath(pathname: string): boolean {
  return pageNameOf(pathname) !== null;
}

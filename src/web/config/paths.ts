/**
 * The typed route table (spec 1 section 2, spec 2 section 2). `path` is the router pattern,
 * `href(...)` builds a link. Never write a route string by hand in a component. Every entry has its
 * page in app/router.tsx (checked by app/router.test.tsx): a page's path is added with the page, so
 * nothing links to a page that does not exist yet (support, admin, messaging come with their issues).
 * The patterns come from src/shared/page-routes.ts, which the server reads too: an address that is
 * no page answers HTTP 404.
 */
import { PAGE_PATTERNS } from '#shared/page-routes.ts';

export const DASHBOARD_TABS = [
  'overview',
  'offers',
  'bookings',
  'messages',
  'profile',
  'conversations',
  'admin',
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The admin console's tabs (spec 2 section 2), the value of its `?tab=`. */
export const ADMIN_TABS = ['dashboard', 'offers', 'support', 'chats', 'all-messages', 'reports'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

function withQuery(pathname: string, query: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}

const id = (value: string) => encodeURIComponent(value);

export const paths = {
  home: { path: PAGE_PATTERNS.home, href: () => '/' },
  howItWorks: { path: '/', href: () => '/#comment-ca-marche' },
  /** /recherche, /explore and /offres show the same search page; search and category stay in the address. */
  search: {
    path: PAGE_PATTERNS.search,
    href: (query: { search?: string; category?: string } = {}) => withQuery('/recherche', query),
  },
  explore: {
    path: PAGE_PATTERNS.explore,
    href: (query: { search?: string; category?: string } = {}) => withQuery('/explore', query),
  },
  offres: { path: PAGE_PATTERNS.offres, href: () => '/offres' },
  book: { path: PAGE_PATTERNS.book, href: (offerId: string) => `/book/${id(offerId)}` },
  mentor: { path: PAGE_PATTERNS.mentor, href: (helperId: string) => `/mentors/${id(helperId)}` },
  /** Seen as a link target only (spec 1 section 2); it shows the public helper profile. */
  profile: { path: PAGE_PATTERNS.profile, href: (userId: string) => `/profile/${id(userId)}` },
  dashboard: {
    path: PAGE_PATTERNS.dashboard,
    href: (tab?: DashboardTab, conversation?: string) => withQuery('/dashboard', { tab, conversation }),
  },
  createOffer: { path: PAGE_PATTERNS.createOffer, href: () => '/create-offer' },
  editOffer: { path: PAGE_PATTERNS.editOffer, href: (offerId: string) => `/edit-offer/${id(offerId)}` },
  addSlots: { path: PAGE_PATTERNS.addSlots, href: (offerId: string) => `/offers/${id(offerId)}/add-slots` },
  manageSlots: { path: PAGE_PATTERNS.manageSlots, href: (offerId: string) => `/offers/${id(offerId)}/manage-slots` },
  manageAvailability: { path: PAGE_PATTERNS.manageAvailability, href: () => '/manage-availability' },
  editProfile: { path: PAGE_PATTERNS.editProfile, href: () => '/edit-profile' },
  paymentSuccess: {
    path: PAGE_PATTERNS.paymentSuccess,
    href: (query: { session_id?: string; booking_id?: string; free?: boolean } = {}) =>
      withQuery('/payment/success', query),
  },
  paymentCancel: { path: PAGE_PATTERNS.paymentCancel, href: () => '/payment/cancel' },
  /** Administrators' payment test page (spec 2 section 2). */
  stripeTest: { path: PAGE_PATTERNS.stripeTest, href: () => '/stripe-test' },
  /** The support centre (spec 2 section 2); `'faq'` scrolls to its questions (anchor #faq). */
  support: {
    path: PAGE_PATTERNS.support,
    href: (anchor?: 'faq') => (anchor ? `/support#${anchor}` : '/support'),
  },
  forgotPassword: { path: PAGE_PATTERNS.forgotPassword, href: () => '/forgot-password' },
  resetPassword: {
    path: PAGE_PATTERNS.resetPassword,
    href: (token?: string) => withQuery('/reset-password', { token }),
  },
  verifyEmail: {
    path: PAGE_PATTERNS.verifyEmail,
    href: (token?: string) => withQuery('/verify-email', { token }),
  },
  /** Data rights by mailed link (no login); `token` is the link's. */
  dataRights: {
    path: PAGE_PATTERNS.dataRights,
    href: (token?: string) => withQuery('/mes-donnees', { token }),
  },
  about: { path: PAGE_PATTERNS.about, href: () => '/about' },
  confidentialite: { path: PAGE_PATTERNS.confidentialite, href: () => '/confidentialite' },
  cgv: { path: PAGE_PATTERNS.cgv, href: () => '/cgv' },
  mentionsLegales: { path: PAGE_PATTERNS.mentionsLegales, href: () => '/mentions-legales' },
  /** "Comment nous vérifions les aidants"; `check` is the anchor of one check's explanation. */
  helperVerification: {
    path: PAGE_PATTERNS.helperVerification,
    href: (check?: string) => `/verification-des-aidants${check ? `#${encodeURIComponent(check)}` : ''}`,
  },
  /** The admin console (spec 2 section 2); /admin/support shows the same page, on its support tab. */
  admin: { path: PAGE_PATTERNS.admin, href: (tab?: AdminTab) => withQuery('/admin', { tab }) },
  adminSupport: { path: PAGE_PATTERNS.adminSupport, href: () => '/admin/support' },
} as const;

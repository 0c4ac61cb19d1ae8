/**
 * The typed route table (spec 1 section 2, spec 2 section 2). `path` is the router pattern,
 * `href(...)` builds a link. Never write a route string by hand in a component. Every entry has its
 * page in app/router.tsx (checked by app/router.test.tsx): a page's path is added with the page, so
 * nothing links to a page that does not exist yet (support, admin, messaging come with their issues).
 */

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
  home: { path: '/', href: () => '/' },
  howItWorks: { path: '/', href: () => '/#comment-ca-marche' },
  /** /recherche, /explore and /offres show the same search page; search and category stay in the address. */
  search: {
    path: '/recherche',
    href: (query: { search?: string; category?: string } = {}) => withQuery('/recherche', query),
  },
  explore: {
    path: '/explore',
    href: (query: { search?: string; category?: string } = {}) => withQuery('/explore', query),
  },
  offres: { path: '/offres', href: () => '/offres' },
  book: { path: '/book/:offerId', href: (offerId: string) => `/book/${id(offerId)}` },
  mentor: { path: '/mentors/:id', href: (helperId: string) => `/mentors/${id(helperId)}` },
  /** Seen as a link target only (spec 1 section 2); it shows the public helper profile. */
  profile: { path: '/profile/:userId', href: (userId: string) => `/profile/${id(userId)}` },
  dashboard: {
    path: '/dashboard',
    href: (tab?: DashboardTab, conversation?: string) => withQuery('/dashboard', { tab, conversation }),
  },
  createOffer: { path: '/create-offer', href: () => '/create-offer' },
  editOffer: { path: '/edit-offer/:id', href: (offerId: string) => `/edit-offer/${id(offerId)}` },
  addSlots: { path: '/offers/:id/add-slots', href: (offerId: string) => `/offers/${id(offerId)}/add-slots` },
  manageSlots: { path: '/offers/:id/manage-slots', href: (offerId: string) => `/offers/${id(offerId)}/manage-slots` },
  manageAvailability: { path: '/manage-availability', href: () => '/manage-availability' },
  editProfile: { path: '/edit-profile', href: () => '/edit-profile' },
  paymentSuccess: {
    path: '/payment/success',
    href: (query: { session_id?: string; booking_id?: string; free?: boolean } = {}) =>
      withQuery('/payment/success', query),
  },
  paymentCancel: { path: '/payment/cancel', href: () => '/payment/cancel' },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password',
    href: (token?: string) => withQuery('/reset-password', { token }),
  },
  about: { path: '/about', href: () => '/about' },
  confidentialite: { path: '/confidentialite', href: () => '/confidentialite' },
  cgv: { path: '/cgv', href: () => '/cgv' },
  mentionsLegales: { path: '/mentions-legales', href: () => '/mentions-legales' },
} as const;

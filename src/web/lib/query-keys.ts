import type { SearchQuery } from '#shared/schemas/offers.ts';

export type SearchParams = Partial<SearchQuery>;
export type SearchVariant = 'public' | 'for-user';

/**
 * One query-key factory per resource, for the whole web app. They live here rather than in the
 * features because features may not import each other, yet a write in one must refresh what
 * another shows (a booking takes free time; a new slot adds some; a review changes a rating).
 * Every key of a resource starts with its `all`, so invalidating `all` refreshes all its variants.
 */
export const queryKeys = {
  currentUser: ['users', 'me'] as const,
  offers: {
    all: ['offers'] as const,
    featured: () => ['offers', 'featured'] as const,
    search: (variant: SearchVariant, params: SearchParams) => ['offers', 'search', variant, params] as const,
    /** GET /offers/{id}: what anyone may read. */
    detail: (offerId: string) => ['offers', 'detail', offerId] as const,
    /** GET /offers/{id}/private: with the contact information. */
    private: (offerId: string) => ['offers', 'private', offerId] as const,
  },
  helpers: {
    all: ['helpers'] as const,
    profile: (helperId: string) => ['helpers', helperId, 'profile'] as const,
    rating: (helperId: string) => ['helpers', helperId, 'rating'] as const,
    reviews: (helperId: string) => ['helpers', helperId, 'reviews'] as const,
    payoutStatus: (helperId: string) => ['helpers', helperId, 'payout-status'] as const,
  },
  /** The people the caller blocked (GET /users/me/blocks, issue 13 section 2). */
  blocks: {
    all: ['blocks'] as const,
    mine: () => ['blocks', 'mine'] as const,
  },
  bookings: {
    all: ['bookings'] as const,
    list: () => ['bookings', 'list'] as const,
    detail: (bookingId: string) => ['bookings', 'detail', bookingId] as const,
    stats: () => ['bookings', 'stats'] as const,
  },
  slots: {
    all: ['slots'] as const,
    calendar: (offerId: string) => ['slots', 'calendar', offerId] as const,
    legacy: () => ['slots', 'legacy'] as const,
  },
  /** The caller's payout account, the financial dashboard's ledger and checkout sessions. */
  payments: {
    all: ['payments'] as const,
    accountStatus: () => ['payments', 'account-status'] as const,
    ledger: (page: { skip: number; limit: number }) => ['payments', 'ledger', page] as const,
    checkoutSession: (sessionId: string) => ['payments', 'checkout-session', sessionId] as const,
  },
  /** Conversations, their messages and the unread figures (kept fresh by the app socket). */
  messages: {
    all: ['messages'] as const,
    conversations: (search: string) => ['messages', 'conversations', search] as const,
    /** GET /messages/conversations/{id}: a conversation the cached list does not hold. */
    conversation: (conversationId: string) => ['messages', 'conversation', conversationId] as const,
    thread: (conversationId: string) => ['messages', 'thread', conversationId] as const,
    unread: () => ['messages', 'unread'] as const,
  },
  /**
   * The admin console: figures, offers, support messages and live chats as an admin sees them. One
   * prefix, so the 30 s refresh and the app socket's `support.activity` refresh them all at once.
   */
  admin: {
    all: ['admin'] as const,
    stats: () => ['admin', 'stats'] as const,
    overview: () => ['admin', 'overview'] as const,
    offers: (params: { search: string; skip: number }) => ['admin', 'offers', params] as const,
    supportStats: () => ['admin', 'support', 'stats'] as const,
    supportMessages: (status: string) => ['admin', 'support', 'messages', status] as const,
    supportMessage: (id: string) => ['admin', 'support', 'message', id] as const,
    chatStats: () => ['admin', 'chat', 'stats'] as const,
    chatSessions: (view: 'active' | 'archived') => ['admin', 'chat', 'sessions', view] as const,
    chatSession: (id: string) => ['admin', 'chat', 'session', id] as const,
    /** The reports queue (issue 13 section 1), filtered by status and target type. */
    reports: (filters: { status: string; targetType: string }) => ['admin', 'reports', 'list', filters] as const,
    report: (id: string) => ['admin', 'reports', 'detail', id] as const,
  },
  /** Support messages: the caller's own (GET /support/my-messages). */
  support: {
    all: ['support'] as const,
    mine: () => ['support', 'mine'] as const,
  },
  /** The free windows of a helper's offer (GET /time-slots/helper/{id}/fragments). */
  fragments: {
    all: ['fragments'] as const,
    ofOffer: (helperId: string, offerId: string) => ['fragments', helperId, offerId] as const,
    /** The range a month of the booking page asks for (booking-times.ts `fragmentsRangeOfMonth`). */
    inRange: (helperId: string, offerId: string, range: { from: string; to: string }) =>
      ['fragments', helperId, offerId, range.from, range.to] as const,
  },
};

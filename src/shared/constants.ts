/**
 * Business constants from both specifications (section 9 of each) and DESIGN.md.
 * Change a number here, never inline.
 */
export const API_BASE_PATH = '/api/v1';
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';
export const BIO_REMINDER_DISMISSED_KEY_PREFIX = 'bio_reminder_dismissed_';

export const ROLES = ['helpee', 'helper', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** The client treats every seeker spelling alike (DESIGN.md section 8). */
export const SEEKER_ROLE_ALIASES = ['user', 'seeker', 'helped', 'helpee'] as const;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 80;
export const USERNAME_MAX_LENGTH = 30;
export const BIO_MAX_LENGTH = 2000;
export const EMAIL_MAX_LENGTH = 254;

export const BIO_COMPLETE_MIN_LENGTH = 20;
export const BIO_REMINDER_MAX_ACCOUNT_AGE_DAYS = 30;

/**
 * The helper charter's current version (its text: src/shared/messages/charter.ts). Change the text,
 * bump this: every helper accepts the new version before becoming a helper or publishing an offer.
 */
export const HELPER_CHARTER_VERSION = '1';
export const HELPER_CHARTER_VERSION_MAX_LENGTH = 20;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_ACCEPTED_MIME_TYPES = ['image/jpeg', 'image/png', 'image/jpg', 'image/webp'] as const;
export const AVATAR_OUTPUT_SIZE_PX = 256;

export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const PASSWORD_RESET_TTL_MINUTES = 60;

// Account protection (docs/decisions/0010-login-failures-per-source.md). Password attempts per account
// and client address (or session): past the limit that address answers 429 until its window ends (the
// right password clears its count). Past the alert, counted over all addresses, an address that already
// tried the account in the window is refused too; one that has not still gets its answer.
export const LOGIN_FAILURES_MAX = 10;
// Twice one address's budget: one address alone (the owner mistyping) never raises the alert.
export const LOGIN_FAILURES_ACCOUNT_ALERT = 20;
export const LOGIN_FAILURES_WINDOW_MINUTES = 15;
/** Reset mails per account and window; past it the answer stays the generic one and no mail goes. */
export const PASSWORD_RESET_MAILS_MAX = 3;
export const PASSWORD_RESET_MAILS_WINDOW_MINUTES = 60;
/** Accounts created per client address and hour (SIGNUP_RATE_LIMIT_PER_HOUR overrides it). */
export const SIGNUPS_PER_ADDRESS_PER_HOUR = 10;
export const RESET_REDIRECT_DELAY_MS = 3000;
/** A link proving an address (signup, resend, change of e-mail) works this long, once. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
/** Links mailed per account and window (resends and changes of address alike); past it, 429. */
export const EMAIL_VERIFICATION_MAILS_MAX = 3;
export const EMAIL_VERIFICATION_MAILS_WINDOW_MINUTES = 60;
/** Links asked per client address and hour ("Renvoyer le lien", changes of e-mail), whatever the account. */
export const EMAIL_VERIFICATION_RESENDS_PER_ADDRESS_PER_HOUR = 10;

export const CURRENCIES = ['eur', 'usd'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_OFFER_DURATION_MINUTES = 60;
export const DEFAULT_OFFER_PRICE_CENTS = 5000;
export const DEFAULT_CURRENCY: Currency = 'eur';
export const DURATION_CHOICES_MINUTES = [15, 30, 45, 60, 90, 120] as const;
/** The price ceilings Explore offers as a filter (max_price, in cents); 0 is "free". */
export const EXPLORE_MAX_PRICE_CHOICES_CENTS = [0, 2000, 5000, 10_000] as const;
export const MAX_PRICING_OPTIONS = 6;
export const MAX_PRICE_EUROS = 10_000;
export const OFFER_TITLE_MAX_LENGTH = 120;
export const OFFER_DESCRIPTION_MAX_LENGTH = 5000;
export const OFFER_CONTACT_MAX_LENGTH = 500;

/** Category identifiers stored in the database, with their French chip labels in messages/offers.ts. */
export const OFFER_CATEGORIES = [
  'developpement-personnel',
  'carriere',
  'sante-mentale',
  'relations',
  'etudes',
  'entrepreneuriat',
  'creativite',
] as const;
export type OfferCategory = (typeof OFFER_CATEGORIES)[number];

export const FEATURED_OFFERS_COUNT = 8;
export const LANDING_DESCRIPTION_PREVIEW_LENGTH = 150;
export const EXPLORE_DESCRIPTION_PREVIEW_LENGTH = 120;
export const VISIBLE_TAGS_COUNT = 3;
export const FIXED_DISPLAY_RATING = 5.0;

export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 100;
export const SEARCH_DEFAULT_PAGE_SIZE = 12;

/** The platform commission on a paid booking, in percent of the price (rules/commission.ts rounds it). */
export const COMMISSION_PERCENT = 10;
export const LAST_MINUTE_CANCELLATION_HOURS = 24;
export const PAYMENT_HOLD_MINUTES = 30;
/** Payment simulator: "Vérification" turns "Actif" this long after the details are sent (or on the button). */
export const LOCAL_ACCOUNT_VERIFICATION_SECONDS = 10;
/** Payment simulator: lifetime of a signed onboarding or dashboard link (Stripe's account links expire too). */
export const LOCAL_SIMULATOR_LINK_MINUTES = 60;
/** Stripe test checkout of /stripe-test (spec 2 section 9): amount and commission defaults, in cents. */
/** Query parameter by which a test checkout of /stripe-test comes back to it: `paid` or `cancelled`. */
export const TEST_CHECKOUT_RETURN_PARAM = 'paiement_test';
export const TEST_CHECKOUT_DEFAULT_AMOUNT_CENTS = 5000;
export const TEST_CHECKOUT_DEFAULT_FEE_CENTS = 1000;

export const DISPLAY_TIME_ZONE = 'Europe/Paris';
export const SLOT_STEP_MINUTES = 15;
export const TIME_BAR_CELL_MINUTES = 5;
export const TIME_CHOICE_STEP_MINUTES = 30;

export const BOOKINGS_POLL_MS = 30_000;
/** /payment/success asks this often whether the webhook has confirmed the payment… */
export const PAYMENT_CONFIRMATION_POLL_MS = 2000;
/** …for this long, then says the bookings tab will show it (the webhook may be slow, never lost). */
export const PAYMENT_CONFIRMATION_WAIT_MS = 30_000;
/** Payments per page of the financial dashboard. */
export const FINANCIAL_DASHBOARD_PAGE_SIZE = 20;
export const HELPER_SLOTS_REFETCH_MS = 15_000;
/**
 * Free windows (GET /time-slots/helper/{id}/fragments) are asked for a range: by default the next
 * five weeks, at most six (a month grid of the booking page shows five or six weeks). Bounding it
 * keeps the answer, and the work behind it, the size of what one page shows (issue 11).
 */
export const FRAGMENTS_DEFAULT_DAYS = 35;
export const FRAGMENTS_MAX_DAYS = 42;
export const UNREAD_POLL_MS = 8000;
export const UNREAD_BADGE_MAX = 99;

export const QUERY_RETRIES = 3;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

export const SUPPORT_EMAIL = 'support@appui.fr';
export const EMERGENCY_NUMBERS = ['15', '3114'] as const;

export const LANDING_STATS = { members: '500+', sessions: '2000+', rating: '4.8/5' } as const;
export const ABOUT_STATS = {
  users: '10 000',
  countries: '50',
  sessions: '50 000',
  satisfaction: '95 %',
  founded: '2020',
} as const;

/** Availability, bookings and reviews. */
export const SLOT_MAX_DURATION_MINUTES = 24 * 60;
export const SLOT_NOTES_MAX_LENGTH = 1000;
export const SLOT_MEETING_LINK_MAX_LENGTH = 500;
export const SLOT_BULK_MAX_ROWS = 200;
export const CANCELLATION_REASON_MAX_LENGTH = 1000;
export const REVIEW_COMMENT_MAX_LENGTH = 2000;
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/**
 * Upcoming bookings (holding time, start in the future) one seeker may hold with one helper: one
 * seeker once booked 90 consecutive windows of a helper, 22 hours and 90 mails (issue 8). Ten leaves
 * room for a weekly session booked over two months.
 */
export const MAX_UPCOMING_BOOKINGS_PER_HELPER = 10;
/**
 * Unpaid payment holds (checkouts still open) one seeker may run at once: with one helper, and in
 * all. A hold takes the helper's time for PAYMENT_HOLD_MINUTES; without a cap, one new account once
 * held ten hours of a helper's calendar with checkouts it never paid, and held them again as they
 * lapsed.
 */
export const MAX_UNPAID_HOLDS_PER_HELPER = 1;
export const MAX_UNPAID_HOLDS_TOTAL = 3;
/**
 * A seeker who lets LAPSED_HOLDS_BEFORE_COOLDOWN checkouts with one helper lapse within
 * LAPSED_HOLDS_WINDOW_HOURS opens no new hold with that helper for LAPSED_HOLDS_COOLDOWN_HOURS after
 * the last of them (rules/hold-limits.ts).
 */
export const LAPSED_HOLDS_BEFORE_COOLDOWN = 3;
export const LAPSED_HOLDS_WINDOW_HOURS = 24;
export const LAPSED_HOLDS_COOLDOWN_HOURS = 24;
/** Booking attempts (free bookings and payment holds) per user and per hour, whatever their outcome. */
export const BOOKING_CREATE_RATE_LIMIT_PER_HOUR = 30;
/** Payout-account calls to the payment provider per account and hour. */
export const PAYOUT_PROVIDER_CALLS_RATE_LIMIT_PER_HOUR = 60;
/** PDF receipts and statements per account and hour. */
export const MONEY_DOCUMENTS_RATE_LIMIT_PER_HOUR = 60;
/** How often each process runs the booking sweeps (complete past sessions, expire payment holds). */
export const BOOKING_SWEEP_INTERVAL_MS = 60_000;
/** How long the contact card's "Copié" indicator stays (spec 2 section 9). */
export const COPIED_INDICATOR_MS = 2000;

// Messaging and real time (issue 10; spec 2 sections 4, 5 and 9; DESIGN.md sections 8 and 10)
/** `text` is a person's message; `cancellation` the notice a cancelled booking posts; `system` ours. */
export const MESSAGE_KINDS = ['text', 'cancellation', 'system'] as const;
/** The marker the spec's client recognises at the start of a cancellation notice (spec 2 section 2). */
export const CANCELLATION_MARKER = '[CANCELLATION]';
export const MESSAGE_MAX_LENGTH = 4000;
/** Messages per page of a thread (oldest first within the page). */
export const MESSAGES_PAGE_SIZE = 50;
/** Messages one user may send per minute and per hour, over all conversations. */
export const MESSAGES_PER_MINUTE = 20;
export const MESSAGES_PER_HOUR = 300;
/** Messages sent from one client address per minute, all accounts together (people share addresses). */
export const MESSAGES_PER_ADDRESS_PER_MINUTE = 60;
/** New conversations one user may open per hour. */
export const CONVERSATIONS_PER_HOUR = 30;
/** Longest search text in the conversation list. */
export const CONVERSATION_SEARCH_MAX_LENGTH = 100;
/** Masking reads a new message with the sender's few previous ones (a number split over messages). */
export const CONTACT_SPLIT_LOOKBACK_MESSAGES = 3;
export const CONTACT_SPLIT_LOOKBACK_MINUTES = 30;
/** At most one "new message" mail per conversation and recipient in this window. */
export const MESSAGE_MAIL_THROTTLE_MINUTES = 15;
/** Each process refreshes its presence rows this often; a row older than the TTL counts as gone. */
export const PRESENCE_HEARTBEAT_MS = 30_000;
export const PRESENCE_TTL_SECONDS = 90;
/** The app socket's reconnect backoff: first delay, cap (with jitter). */
export const SOCKET_RECONNECT_BASE_MS = 1000;
export const SOCKET_RECONNECT_MAX_MS = 30_000;
/** The server pings every socket this often and drops one that did not answer the previous ping. */
export const SOCKET_PING_INTERVAL_MS = 30_000;
/** App sockets one user may hold open on one process (tabs and devices); one more is refused. */
export const SOCKETS_PER_USER_MAX = 10;
/** App socket connection attempts per client address and minute (a reconnecting client backs off). */
export const SOCKET_CONNECTS_PER_MINUTE = 30;
/**
 * Largest frame a client may send on any socket endpoint (the WebSocket plugin's maxPayload, one for
 * all routes): a live-chat message of MESSAGE_MAX_LENGTH characters in JSON fits; the app socket
 * itself receives nothing. A bigger frame closes the socket (1009).
 */
export const SOCKET_MAX_PAYLOAD_BYTES = 32 * 1024;
/** A socket whose unsent frames exceed this is too slow to follow: it is dropped and will resync. */
export const SOCKET_MAX_BUFFERED_BYTES = 1024 * 1024;
/** Thread timestamps within this many hours show as a time, older ones as day and short month. */
export const MESSAGE_TIME_ONLY_HOURS = 24;
/** Stale time of the conversation queries (spec 2 section 9: stale 3000 ms). */
export const UNREAD_STALE_MS = 3000;
/** The conversation list searches this long after the last keystroke. */
export const CONVERSATION_SEARCH_DEBOUNCE_MS = 300;
/** The message input shows its character counter from this length on (the limit is MESSAGE_MAX_LENGTH). */
export const MESSAGE_COUNTER_FROM = 3600;
/** Reminder mail this long before a scheduled or paid session. */
export const SESSION_REMINDER_HOURS = 24;
/** How often each process looks for reminders to send. */
export const REMINDER_SWEEP_INTERVAL_MS = 60_000;
/** Reminders one sweep claims at a time (soonest sessions first); a full batch is followed by another. */
export const REMINDER_BATCH_SIZE = 100;

// Support centre, live chat and admin console (issue 12; spec 2 sections 2, 3, 4 and 9)
export const SUPPORT_MESSAGE_STATUSES = ['open', 'in_progress', 'closed'] as const;
export const SUPPORT_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export const SUPPORT_SUBJECT_MAX_LENGTH = 200;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;
export const SUPPORT_NAME_MAX_LENGTH = 100;
export const SUPPORT_RESPONSE_MAX_LENGTH = 5000;
/** Contact-form messages per account and hour. */
export const SUPPORT_MESSAGES_PER_HOUR = 10;
/** Contact-form messages per client address and hour, all accounts together (a shared home or office). */
export const SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR = 30;
/** `ended` is a status the spec's client also treats as finished; the server never stores it. */
export const CHAT_SESSION_STATUSES = ['open', 'active', 'closed', 'archived'] as const;
export const CHAT_SENDERS = ['user', 'guest', 'admin', 'system'] as const;
export const CHAT_DEFAULT_SUBJECT = 'Support en direct';
export const CHAT_SUBJECT_MAX_LENGTH = 200;
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** Live-chat sessions one address (or account) may open per hour, and messages per minute. */
export const CHAT_SESSIONS_PER_HOUR = 10;
export const CHAT_MESSAGES_PER_MINUTE = 30;
/** Spec 2 section 9: stored chat session validity, socket reconnect delay, admin refresh. */
export const CHAT_STORED_SESSION_HOURS = 24;
export const CHAT_RECONNECT_DELAY_MS = 3000;
/**
 * Names that speak for the team: no display name, username or guest chat name may read as one of
 * them, whatever its case, accents, spacing, punctuation or look-alike letters (rules/reserved-names.ts),
 * except an administrator's. The chat signs the team's replies "Équipe Appui".
 */
export const RESERVED_TEAM_NAMES = [
  'Équipe Appui',
  'Appui',
  'Administrateur',
  'Administratrice',
  'Administration',
  'Admin',
  'Support',
  'Modération',
  'Modérateur',
  'Modératrice',
  'Service client',
] as const;
/**
 * How long a live chat's session token still opens the chat once it is closed or archived: the
 * visitor can read the end of the conversation, then the token is worth nothing (chat-access.ts).
 */
export const CHAT_SESSION_TOKEN_GRACE_MS = 30 * 60_000;
export const ADMIN_REFRESH_MS = 30_000;
/** localStorage key prefix of the stored live-chat session (spec 2 section 4). */
export const CHAT_SESSION_STORAGE_PREFIX = 'chat_session_';
export const REPORT_TARGET_TYPES = ['user', 'offer', 'review', 'message', 'chat_session'] as const;
export const REPORT_STATUSES = ['pending', 'reviewed', 'dismissed'] as const;
/** Admin lists: page size of the offers console (it must stay usable with 100 000 offers). */
export const ADMIN_OFFERS_PAGE_SIZE = 50;
/**
 * GET /admin/offers counts its matches exactly up to this many; above, `total` is the planner's estimate
 * (counting 100 000 offers on every page would scan them all; nobody pages that far, they search).
 */
export const ADMIN_OFFERS_EXACT_COUNT_CAP = 10_000;
/** Latest audit entries on the admin dashboard. */
export const ADMIN_AUDIT_RECENT = 20;

// Trust, safety and personal data (issue 13)
/** The fixed list of report reasons (issue 13 section 1); labels in messages/trust.ts. */
export const REPORT_REASONS = [
  'inappropriate_behaviour',
  'scam_or_offplatform_payment',
  'shocking_content',
  'impersonation',
  'endangerment',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAIL_MAX_LENGTH = 2000;
/** Reports one account may file per hour. */
export const REPORTS_PER_HOUR = 20;
/** Reports per client address and hour, all accounts together (a shared home or office). */
export const REPORTS_PER_ADDRESS_PER_HOUR = 60;
/** Latest live chat messages a chat session's report snapshot keeps. */
export const REPORT_CHAT_SNAPSHOT_MESSAGES = 50;
/** What an admin may decide on a report (each recorded in admin_audit). */
export const REPORT_DECISIONS = [
  'dismiss',
  'hide_offer',
  'remove_review',
  'remove_message',
  'suspend_account',
] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];
export const REPORT_NOTE_MAX_LENGTH = 2000;
/** Blocks one account may make per hour. */
export const BLOCKS_PER_HOUR = 30;
/** Data exports and erasure attempts per account and hour. */
export const DATA_EXPORTS_PER_HOUR = 5;
export const ERASURE_ATTEMPTS_PER_HOUR = 5;
/**
 * Data rights by mailed link, for whoever cannot log in (a suspended account): the link is valid
 * this long; at most so many links a window per e-mail address (past it, silently none), and so many
 * requests and uses of a link per client address and hour (429).
 */
export const DATA_RIGHTS_LINK_TTL_HOURS = 24;
export const DATA_RIGHTS_MAILS_MAX = 3;
export const DATA_RIGHTS_MAILS_WINDOW_MINUTES = 60;
export const DATA_RIGHTS_REQUESTS_PER_ADDRESS_PER_HOUR = 5;
export const DATA_RIGHTS_LINK_USES_PER_ADDRESS_PER_HOUR = 20;
/** Booking and payment rows kept without personal data after an erasure, for accounting (DESIGN.md 8). */
export const ACCOUNTING_RETENTION_YEARS = 10;

/** Issue 11 section 2: server-rendered public pages. */
/** A meta description past this length is cut by search engines anyway. */
export const META_DESCRIPTION_MAX_LENGTH = 160;
/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** How long data the server rendered stays fresh in the browser: hydration must not refetch it at once. */
export const SSR_HYDRATED_STALE_MS = 60_000;
/** The id of the JSON script carrying the server's query data (CSP: no inline script). */
export const SSR_STATE_ELEMENT_ID = 'appui-ssr-state';
/** The id of the JSON script carrying the browser's public configuration (PublicConfig), in every page. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'appui-public-config';
/**
 * Longest wait for a server-rendered page: past it the server sends the app shell, which the browser
 * renders itself, rather than hold a visitor's page behind a slow database (the render goes on and
 * its answer is dropped).
 */
export const SSR_RENDER_TIMEOUT_MS = 3_000;

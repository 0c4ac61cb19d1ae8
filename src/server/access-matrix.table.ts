import { createHash, randomBytes } from 'node:crypto';
import { chatSessions, reports, supportMessages } from '#server/db/schema/support.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import type { TestApp } from '#tests/build-test-app.ts';
import { openCheckout, simulatorOf } from '#tests/checkout.ts';
import { createBooking, createReview } from '#tests/factories/bookings.ts';
import { createConversation, postMessage } from '#tests/factories/messaging.ts';
import { createPayment } from '#tests/factories/payments.ts';
import { createOffer, type TestOffer } from '#tests/factories/offers.ts';
import { createSlot, hoursFromNow } from '#tests/factories/slots.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';

/**
 * The access matrix's table (issue 14 section 1): for every route with a path parameter, the answer
 * each actor gets. Actors: a visitor (no token), the owner of the object, another user of the owner's
 * role, the other party of a booking or conversation where there is one, and an admin. Statuses
 * follow DESIGN.md: 401 for a visitor where a login is needed, 404 for what the caller may not see,
 * 403 where a role is refused before any object is read (and where the spec says so).
 */

export const ACTORS = ['visitor', 'owner', 'other', 'party', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

/** The people of the fixtures: two helpers, two seekers, an admin. */
export type Fixtures = {
  helper: UserRow;
  helper2: UserRow;
  seeker: UserRow;
  seeker2: UserRow;
  admin: UserRow;
  /** A free offer of `helper`, booked (scheduled) by `seeker`, with their conversation. */
  offer: TestOffer;
  /** A paid offer of `helper`, whose payout account is active. */
  paidOffer: TestOffer;
  slotStart: Date;
  bookingId: string;
  /** A paid booking of `seeker` with its payment row (receipt). */
  paidBookingId: string;
  conversationId: string;
  messageId: string;
  checkoutSessionId: string;
  payoutAccountId: string;
  supportMessageId: string;
  chatSessionId: string;
  reportId: string;
};

type Person = 'helper' | 'helper2' | 'seeker' | 'seeker2' | 'admin';

/** What one call sends: path parameters, and the query and body a valid call needs. */
export type Target = {
  params: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  contentType?: string;
  /** Who plays the owner when the object is made for this call (a fresh account). */
  owner?: UserRow;
};

export type MatrixEnv = { t: TestApp; f: Fixtures; actor: Actor };

export type MatrixRow = {
  /** Who plays owner, other and party for this object (party absent: the object has no other party). */
  cast: { owner: Person; other: Person; party?: Person };
  expect: Partial<Record<Actor, number>> & Record<'visitor' | 'owner' | 'other' | 'admin', number>;
  /** A new object per actor (made by `target`): the call changes or removes it. */
  fresh?: boolean;
  /** Called once per actor: fresh rows make their object here, URL-secret rows give the owner its token. */
  target: (env: MatrixEnv) => Promise<Target> | Target;
  /** Why this row reads as it does, where it is not obvious. */
  note?: string;
};

const HOUR = 3_600_000;
let nextHour = 200;
/** A start time no other fixture uses (bookings of one helper must not overlap). */
const freshStart = () => hoursFromNow(nextHour++, 0);
/** A start already passed (sessions to complete or review), on its own hour too. */
const pastStart = () => hoursFromNow(-nextHour++ - 2, 0);

const id = (value: string) => ({ params: { id: value } });

async function freshOffer({ t, f }: MatrixEnv, visible = true): Promise<Target> {
  const offer = await createOffer(t.app.ctx.db, f.helper, { title: 'Offre du tableau d’accès', visible });
  return id(offer.id);
}

async function freshSlot({ t, f }: MatrixEnv): Promise<Target> {
  const start = freshStart();
  const slot = await createSlot(t.app.ctx.db, f.helper, { startAt: start, endAt: new Date(start.getTime() + HOUR) });
  return id(slot.id);
}

async function freshBooking({ t, f }: MatrixEnv, startAt: Date): Promise<string> {
  const booking = await createBooking(t.app.ctx.db, { offer: f.offer, seeker: f.seeker, startAt });
  return booking.id;
}

async function freshSupportMessage({ t, f }: MatrixEnv): Promise<string> {
  const [row] = await t.app.ctx.db
    .insert(supportMessages)
    .values({
      userId: f.seeker.id,
      userName: f.seeker.displayName ?? 'Personne',
      userEmail: f.seeker.email ?? 'personne@exemple.fr',
      subject: 'Question',
      message: 'Bonjour, une question sur ma réservation.',
    })
    .returning();
  if (!row) throw new Error('support message not inserted');
  return row.id;
}

async function freshChatSession({ t, f }: MatrixEnv): Promise<string> {
  const hash = createHash('sha256').update(randomBytes(32)).digest('hex');
  const [row] = await t.app.ctx.db
    .insert(chatSessions)
    .values({ userId: f.seeker.id, sessionTokenHash: hash, subject: 'Support en direct' })
    .returning();
  if (!row) throw new Error('chat session not inserted');
  return row.id;
}

async function freshReport({ t, f }: MatrixEnv): Promise<string> {
  // One open report per reporter and target: each report is about an offer of its own.
  const offer = await createOffer(t.app.ctx.db, f.helper);
  const [row] = await t.app.ctx.db
    .insert(reports)
    .values({
      reporterId: f.seeker.id,
      targetType: 'offer',
      targetId: offer.id,
      snapshot: { title: offer.title },
      reason: 'other',
    })
    .returning();
  if (!row) throw new Error('report not inserted');
  return row.id;
}

/** A simulator link (onboarding or dashboard) of the helper's account: its token for the owner only. */
function simulatorLink(purpose: 'onboarding' | 'dashboard') {
  return ({ t, f, actor }: MatrixEnv): Target => {
    const link = new URL(simulatorOf(t).signedLink(purpose, f.payoutAccountId));
    const token = link.searchParams.get('token') ?? '';
    return {
      params: { accountId: f.payoutAccountId },
      query: actor === 'owner' ? { token } : {},
      body: {},
      contentType: 'application/x-www-form-urlencoded',
    };
  };
}

const helperObject = { owner: 'helper', other: 'helper2' } as const;
const offerCast = { owner: 'helper', other: 'helper2', party: 'seeker' } as const;
const bookingCast = { owner: 'seeker', other: 'seeker2', party: 'helper' } as const;
const seekerObject = { owner: 'seeker', other: 'seeker2' } as const;
/** Admin-only routes: everyone signed in but an admin gets 403 before the object is read. */
const adminOnly = { visitor: 401, owner: 403, other: 403, admin: 403 } as const;

/** Keyed by `METHOD /url` as Fastify registers it (HEAD routes mirror GET and are left out). */
export const ACCESS_MATRIX: Record<string, MatrixRow> = {
  // ---- users and blocks ----
  'GET /api/v1/users/:id': {
    cast: { owner: 'helper', other: 'helper2', party: 'seeker' },
    expect: { visitor: 200, owner: 200, other: 200, party: 200, admin: 200 },
    target: ({ f }) => id(f.helper.id),
    note: 'A public profile.',
  },
  'POST /api/v1/users/:id/block': {
    cast: helperObject,
    expect: { visitor: 401, owner: 400, other: 201, admin: 201 },
    fresh: true,
    target: async ({ t }) => {
      const person = await createHelper(t.app.ctx.db);
      return { ...id(person.id), owner: person };
    },
    note: 'A fresh account each time: blocking the fixtures would change every other row. Blocking oneself: 400.',
  },
  'DELETE /api/v1/users/:id/block': {
    cast: helperObject,
    expect: { visitor: 401, owner: 204, other: 204, admin: 204 },
    target: ({ f }) => id(f.helper.id),
    note: 'Lifts only the caller’s own block: 204 even when there was none.',
  },

  // ---- offers ----
  'GET /api/v1/offers/:id': {
    cast: offerCast,
    expect: { visitor: 200, owner: 200, other: 200, party: 200, admin: 200 },
    target: ({ f }) => id(f.offer.id),
  },
  'GET /api/v1/offers/:id/private': {
    cast: offerCast,
    expect: { visitor: 401, owner: 200, other: 403, party: 200, admin: 200 },
    target: ({ f }) => id(f.offer.id),
    note: 'DESIGN.md section 8: contact information for its helper, admins and a seeker with a confirmed booking; 403 otherwise.',
  },
  'PUT /api/v1/offers/:id': {
    cast: offerCast,
    expect: { visitor: 401, owner: 200, other: 403, party: 403, admin: 403 },
    fresh: true,
    target: async (env) => ({ ...(await freshOffer(env)), body: { title: 'Nouveau titre' } }),
    note: 'Helpers only (403 for other roles, before the offer is read); another helper’s visible offer: 403 (spec 1: « Vous n’êtes pas autorisé à modifier cette offre »).',
  },
  'DELETE /api/v1/offers/:id': {
    cast: offerCast,
    expect: { visitor: 401, owner: 200, other: 404, party: 403, admin: 403 },
    fresh: true,
    target: (env) => freshOffer(env, false),
    note: 'A hidden offer: another helper may not see it, so 404 (a visible one would be 403, as for PUT).',
  },
  'PUT /api/v1/admin/offers/:id': {
    cast: offerCast,
    expect: { ...adminOnly, party: 403, admin: 200 },
    fresh: true,
    target: async (env) => ({ ...(await freshOffer(env)), body: { title: 'Titre corrigé' } }),
  },
  'DELETE /api/v1/admin/offers/:id': {
    cast: offerCast,
    expect: { ...adminOnly, party: 403, admin: 200 },
    fresh: true,
    target: freshOffer,
  },
  'POST /api/v1/admin/offers/:id/toggle': {
    cast: offerCast,
    expect: { ...adminOnly, party: 403, admin: 200 },
    fresh: true,
    target: freshOffer,
  },

  // ---- slots ----
  'DELETE /api/v1/appui-calendar/slots/:id': {
    cast: helperObject,
    expect: { visitor: 401, owner: 200, other: 404, admin: 403 },
    fresh: true,
    target: freshSlot,
  },
  'DELETE /api/v1/time-slots/:id': {
    cast: helperObject,
    expect: { visitor: 401, owner: 200, other: 404, admin: 403 },
    fresh: true,
    target: freshSlot,
  },
  'PATCH /api/v1/time-slots/:id/toggle-availability': {
    cast: helperObject,
    expect: { visitor: 401, owner: 200, other: 404, admin: 403 },
    fresh: true,
    target: freshSlot,
  },
  'GET /api/v1/time-slots/helper/:helper_id/fragments': {
    cast: helperObject,
    expect: { visitor: 200, owner: 200, other: 200, admin: 200 },
    target: ({ f }) => ({ params: { helper_id: f.helper.id }, query: { offer_id: f.offer.id } }),
    note: 'Public for a visible offer: the free windows a seeker books from. A hidden one: 404 but for its helper and admins (slots.routes.test.ts).',
  },

  // ---- bookings, reviews, money documents ----
  'GET /api/v1/bookings/:id': {
    cast: bookingCast,
    expect: { visitor: 401, owner: 200, other: 404, party: 200, admin: 200 },
    target: ({ f }) => id(f.bookingId),
  },
  'PUT /api/v1/bookings/:id': {
    cast: bookingCast,
    expect: { visitor: 401, owner: 403, other: 404, party: 403, admin: 200 },
    fresh: true,
    target: async (env) => ({
      ...id(await freshBooking(env, pastStart())),
      body: { status: 'completed' },
    }),
    note: 'An admin’s correction only (a started session marked completed).',
  },
  'POST /api/v1/bookings/:id/cancel': {
    cast: bookingCast,
    expect: { visitor: 401, owner: 200, other: 404, party: 200, admin: 403 },
    fresh: true,
    target: async (env) => ({
      ...id(await freshBooking(env, freshStart())),
      body: { cancellation_reason: 'Empêchement' },
    }),
    note: 'Either party cancels; an admin reads the booking but may not cancel it (403); anyone else: 404.',
  },
  'GET /api/v1/bookings/:id/receipt.pdf': {
    cast: bookingCast,
    expect: { visitor: 401, owner: 200, other: 404, party: 200, admin: 200 },
    target: ({ f }) => id(f.paidBookingId),
  },
  'DELETE /api/v1/reviews/:id': {
    cast: bookingCast,
    expect: { visitor: 401, owner: 200, other: 403, party: 403, admin: 200 },
    fresh: true,
    target: async (env) => {
      const { t, f } = env;
      const booking = await createBooking(t.app.ctx.db, {
        offer: f.offer,
        seeker: f.seeker,
        startAt: pastStart(),
        status: 'completed',
      });
      const review = await createReview(t.app.ctx.db, booking, { rating: 4, comment: 'Très bien' });
      return id(review.id);
    },
    note: 'Its author or an admin; reviews are public, so anyone else is refused with 403, not 404.',
  },
  'GET /api/v1/payments/statements/:year.pdf': {
    cast: { owner: 'helper', other: 'helper2', party: 'seeker' },
    expect: { visitor: 401, owner: 200, other: 200, party: 403, admin: 200 },
    target: () => ({ params: { year: String(new Date().getUTCFullYear()) } }),
    note: 'The path names a year, not an object: each helper reads their own statement; seekers 403.',
  },

  // ---- payments and payout accounts ----
  'GET /api/v1/payments/checkout-session/:session_id': {
    cast: bookingCast,
    expect: { visitor: 401, owner: 200, other: 404, party: 200, admin: 200 },
    target: ({ f }) => ({ params: { session_id: f.checkoutSessionId } }),
  },
  'GET /api/v1/payments/helper/:id/stripe-status': {
    cast: helperObject,
    expect: { visitor: 200, owner: 200, other: 200, admin: 200 },
    target: ({ f }) => id(f.helper.id),
    note: 'Public: whether the helper can be paid.',
  },
  'GET /api/v1/payments/stripe/dashboard-link/:id': {
    cast: helperObject,
    expect: { visitor: 401, owner: 200, other: 404, admin: 404 },
    target: ({ f }) => id(f.helper.id),
    note: 'A login link into the helper’s provider account: its helper only, not admins.',
  },
  'POST /api/v1/payments/stripe/account-session/:id': {
    cast: helperObject,
    expect: { visitor: 401, owner: 200, other: 404, admin: 404 },
    target: ({ f }) => id(f.helper.id),
  },
  'GET /api/v1/onboard/:userId': {
    cast: helperObject,
    expect: { visitor: 401, owner: 403, other: 403, admin: 302 },
    target: ({ f }) => ({ params: { userId: f.helper.id } }),
    note: 'The /stripe-test page: admins only.',
  },
  'GET /api/v1/checkout/:userId': {
    cast: helperObject,
    expect: { visitor: 401, owner: 403, other: 403, admin: 200 },
    target: ({ f }) => ({ params: { userId: f.helper.id } }),
  },

  // ---- messaging ----
  'GET /api/v1/messages/conversations/:id': {
    cast: bookingCast,
    expect: { visitor: 401, owner: 200, other: 404, party: 200, admin: 404 },
    target: ({ f }) => id(f.conversationId),
  },
  'GET /api/v1/messages/conversations/:id/messages': {
    cast: bookingCast,
    expect: { visitor: 401, owner: 200, other: 404, party: 200, admin: 200 },
    target: ({ f }) => id(f.conversationId),
    note: 'Admins read any conversation’s messages (moderation).',
  },
  'POST /api/v1/messages/conversations/:id/messages': {
    cast: bookingCast,
    expect: { visitor: 401, owner: 201, other: 404, party: 201, admin: 404 },
    target: ({ f }) => ({ ...id(f.conversationId), body: { content: 'Bonjour !' } }),
    note: 'Admins read but do not write.',
  },
  'POST /api/v1/messages/conversations/:id/read': {
    cast: bookingCast,
    expect: { visitor: 401, owner: 200, other: 404, party: 200, admin: 404 },
    target: ({ f }) => ({ ...id(f.conversationId), body: { message_id: f.messageId } }),
  },

  // ---- support, live chat, reports ----
  'GET /api/v1/support/messages/:id': {
    cast: seekerObject,
    expect: { ...adminOnly, admin: 200 },
    target: ({ f }) => id(f.supportMessageId),
    note: 'The author reads their messages through GET /support/my-messages.',
  },
  'PUT /api/v1/support/messages/:id': {
    cast: seekerObject,
    expect: { ...adminOnly, admin: 200 },
    fresh: true,
    target: async (env) => ({ ...id(await freshSupportMessage(env)), body: { priority: 'high' } }),
  },
  'POST /api/v1/support/messages/:id/respond': {
    cast: seekerObject,
    expect: { ...adminOnly, admin: 201 },
    fresh: true,
    target: async (env) => ({
      ...id(await freshSupportMessage(env)),
      body: { response_text: 'Bonjour, voici notre réponse.' },
    }),
  },
  'GET /api/v1/support/chat/sessions/:id': {
    cast: seekerObject,
    expect: { visitor: 404, owner: 200, other: 404, admin: 200 },
    target: ({ f }) => id(f.chatSessionId),
    note: 'No login needed (a guest shows its session token): without one, 404 like an unknown session.',
  },
  'PUT /api/v1/support/chat/sessions/:id': {
    cast: seekerObject,
    expect: { visitor: 404, owner: 200, other: 404, admin: 200 },
    fresh: true,
    target: async (env) => ({ ...id(await freshChatSession(env)), body: { status: 'closed' } }),
  },
  'DELETE /api/v1/support/chat/sessions/:id': {
    cast: seekerObject,
    expect: { visitor: 404, owner: 204, other: 404, admin: 204 },
    fresh: true,
    target: async (env) => id(await freshChatSession(env)),
  },
  'POST /api/v1/support/chat/sessions/:id/messages': {
    cast: seekerObject,
    expect: { visitor: 404, owner: 201, other: 404, admin: 201 },
    target: ({ f }) => ({ ...id(f.chatSessionId), body: { content: 'Bonjour, j’ai une question.' } }),
  },
  'GET /api/v1/admin/reports/:id': {
    cast: seekerObject,
    expect: { ...adminOnly, admin: 200 },
    target: ({ f }) => id(f.reportId),
  },
  'POST /api/v1/admin/reports/:id/decision': {
    cast: seekerObject,
    expect: { ...adminOnly, admin: 200 },
    fresh: true,
    target: async (env) => ({ ...id(await freshReport(env)), body: { decision: 'dismiss' } }),
  },

  // ---- the payment simulator's pages (simulator mode): their secret is in the URL, not a token ----
  'GET /simulateur/paiement/:id': {
    cast: bookingCast,
    expect: { visitor: 200, owner: 200, other: 200, party: 200, admin: 200 },
    target: ({ f }) => id(f.checkoutSessionId),
    note: 'The session id is the page’s secret, as on Stripe’s hosted checkout: whoever holds the URL.',
  },
  'POST /simulateur/paiement/:id/payer': {
    cast: bookingCast,
    expect: { visitor: 303, owner: 303, other: 303, party: 303, admin: 303 },
    target: ({ f }) => ({ ...id(f.checkoutSessionId), body: {}, contentType: 'application/x-www-form-urlencoded' }),
    note: 'Same secret; paying twice changes nothing.',
  },
  'POST /simulateur/paiement/:id/refuser': {
    cast: bookingCast,
    expect: { visitor: 402, owner: 402, other: 402, party: 402, admin: 402 },
    target: ({ f }) => ({ ...id(f.checkoutSessionId), body: {}, contentType: 'application/x-www-form-urlencoded' }),
  },
  'GET /simulateur/inscription/:accountId': {
    cast: helperObject,
    expect: { visitor: 403, owner: 200, other: 403, admin: 403 },
    target: simulatorLink('onboarding'),
    note: 'The owner holds the signed link token; anyone else (bearer or not) gets the expired-link page.',
  },
  'POST /simulateur/inscription/:accountId': {
    cast: helperObject,
    expect: { visitor: 403, owner: 303, other: 403, admin: 403 },
    target: simulatorLink('onboarding'),
  },
  'POST /simulateur/inscription/:accountId/verifier': {
    cast: helperObject,
    expect: { visitor: 403, owner: 303, other: 403, admin: 403 },
    target: simulatorLink('onboarding'),
  },
  'GET /simulateur/tableau-de-bord/:accountId': {
    cast: helperObject,
    expect: { visitor: 403, owner: 200, other: 403, admin: 403 },
    target: simulatorLink('dashboard'),
  },
  'POST /simulateur/tableau-de-bord/:accountId/versement': {
    cast: helperObject,
    expect: { visitor: 403, owner: 200, other: 403, admin: 403 },
    target: simulatorLink('dashboard'),
  },
};

/** Objects every non-fresh row reads: built once through factories and the API. */
export async function buildMatrixFixtures(t: TestApp): Promise<Fixtures> {
  const db = t.app.ctx.db;
  const [helper, helper2, seeker, seeker2, admin] = await Promise.all([
    createHelper(db),
    createHelper(db),
    createSeeker(db),
    createSeeker(db),
    createAdmin(db),
  ]);
  // The helper's payout account through the API and the simulator, as a real helper gets one.
  const created = await t.injectAs(helper, { method: 'POST', url: '/api/v1/payments/create-account' });
  if (created.statusCode !== 200) throw new Error(`create-account: ${created.statusCode} ${created.body}`);
  const payoutAccountId = created.json<{ account_id: string }>().account_id;
  await simulatorOf(t).submitAccountDetails(payoutAccountId);
  await simulatorOf(t).completeVerification(payoutAccountId);

  const offer = await createOffer(db, helper);
  const paidOffer = await createOffer(db, helper, { options: [{ durationMinutes: 60, priceCents: 4000 }] });
  const slotStart = hoursFromNow(100, 0);
  await createSlot(db, helper, { startAt: slotStart, endAt: new Date(slotStart.getTime() + 4 * HOUR) });

  const booking = await createBooking(db, { offer, seeker, startAt: hoursFromNow(48, 0) });
  const paidBooking = await createBooking(db, {
    offer: paidOffer,
    seeker,
    option: paidOffer.options[0],
    startAt: hoursFromNow(72, 0),
    status: 'paid',
  });
  await createPayment(db, paidBooking);

  const checkout = await openCheckout(t, seeker, paidOffer.id, slotStart);
  if (checkout.statusCode !== 200) throw new Error(`checkout-session: ${checkout.statusCode} ${checkout.body}`);
  const checkoutSessionId = checkout.json<{ session_id: string }>().session_id;

  const conversation = await createConversation(db, { offer, seeker });
  const message = await postMessage(db, { conversation, sender: seeker });

  const fixtures: Fixtures = {
    helper,
    helper2,
    seeker,
    seeker2,
    admin,
    offer,
    paidOffer,
    slotStart,
    bookingId: booking.id,
    paidBookingId: paidBooking.id,
    conversationId: conversation.id,
    messageId: message.id,
    checkoutSessionId,
    payoutAccountId,
    supportMessageId: '',
    chatSessionId: '',
    reportId: '',
  };
  const env: MatrixEnv = { t, f: fixtures, actor: 'owner' };
  fixtures.supportMessageId = await freshSupportMessage(env);
  fixtures.chatSessionId = await freshChatSession(env);
  fixtures.reportId = await freshReport(env);
  return fixtures;
}

/** The account an actor calls as, for a row (null: no token). */
export function accountOf(row: MatrixRow, actor: Actor, f: Fixtures, target: Target): UserRow | null {
  if (actor === 'visitor') return null;
  if (actor === 'admin') return f.admin;
  if (actor === 'owner') return target.owner ?? f[row.cast.owner];
  const person = actor === 'other' ? row.cast.other : row.cast.party;
  if (!person) throw new Error(`no ${actor} for this row`);
  return f[person];
}

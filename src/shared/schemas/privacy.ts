import { z } from 'zod';
import { auth } from '../messages/auth.ts';
import { dataRights } from '../messages/trust.ts';

/** A person someone blocked, as their list in /edit-profile shows it. */
export const BlockedUserSchema = z.object({
  id: z.uuid(),
  display_name: z.string().nullable(),
  username: z.string().nullable(),
  avatar_url: z.string().nullable(),
  blocked_at: z.string(),
});
export type BlockedUser = z.infer<typeof BlockedUserSchema>;
/** GET /users/me/blocks. */
export const BlockedUserListSchema = z.array(BlockedUserSchema);

/** DELETE /users/me: the password confirms the erasure. */
export const AccountErasureSchema = z.object({ password: z.string().min(1).max(128) });

/** POST /privacy/data-requests: the account's address; the answer is the same whether it exists or not. */
export const DataRightsRequestSchema = z.object({
  email: z.string().trim().min(1, auth.emailRequired).max(320),
});
export type DataRightsRequest = z.infer<typeof DataRightsRequestSchema>;
export const DataRightsRequestedSchema = z.object({ message: z.string() });

/** The token of a mailed data-rights link, in the body (a path or query would put it in access logs). */
export const DataRightsLinkSchema = z.object({
  token: z.string().trim().min(1, dataRights.linkInvalid).max(200),
});
export type DataRightsLink = z.infer<typeof DataRightsLinkSchema>;

// ---------------------------------------------------------------------------------------------
// GET /users/me/export (issue 13 section 4): everything the product holds about the person. Of other
// people it carries only what they shared with the person: a display name, the messages the person
// could read, a review's author name. Money in cents, ISO-8601 UTC timestamps.

const ts = z.string();
const nullableTs = z.string().nullable();
const party = z.object({ id: z.uuid(), display_name: z.string().nullable() });

const ExportProfileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  display_name: z.string().nullable(),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  bio: z.string().nullable(),
  tags: z.array(z.string()),
  role: z.string(),
  is_verified: z.boolean(),
  /** When the address was confirmed by its link, null while it is not. */
  email_verified_at: nullableTs,
  /** The avatar's absolute link, null without one. */
  avatar_url: z.string().nullable(),
  suspended_at: nullableTs,
  created_at: ts,
  updated_at: ts,
});

const ExportOfferSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  currency: z.string(),
  meeting_contact_info: z.string(),
  visible: z.boolean(),
  created_at: ts,
  updated_at: ts,
  deleted_at: nullableTs,
  pricing_options: z.array(
    z.object({ id: z.uuid(), duration_minutes: z.number(), price_cents: z.number(), position: z.number() }),
  ),
});

const ExportSlotSchema = z.object({
  id: z.uuid(),
  offer_id: z.uuid().nullable(),
  start_at: ts,
  end_at: ts,
  is_available: z.boolean(),
  meeting_link: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: ts,
});

const ExportRefundSchema = z.object({
  amount_cents: z.number(),
  status: z.string(),
  cause: z.string(),
  created_at: ts,
});

const ExportPaymentSchema = z.object({
  id: z.uuid(),
  amount_cents: z.number(),
  /** The platform's commission: on the helper's side only, like the receipts. */
  application_fee_cents: z.number().nullable(),
  currency: z.string(),
  status: z.string(),
  refunded_cents: z.number(),
  paid_at: nullableTs,
  created_at: ts,
  refunds: z.array(ExportRefundSchema),
});

const ExportBookingSchema = z.object({
  id: z.uuid(),
  /** The person's side: `seeker` (they booked) or `helper` (their offer was booked). */
  side: z.enum(['seeker', 'helper']),
  offer: z.object({ id: z.uuid(), title: z.string() }),
  other_party: party,
  status: z.string(),
  start_at: ts,
  end_at: ts,
  price_cents: z.number(),
  currency: z.string(),
  cancelled_at: nullableTs,
  cancelled_by_me: z.boolean().nullable(),
  cancellation_reason: z.string().nullable(),
  refund_status: z.string().nullable(),
  refund_cents: z.number().nullable(),
  created_at: ts,
  payments: z.array(ExportPaymentSchema),
});

const ExportReviewSchema = z.object({
  id: z.uuid(),
  booking_id: z.uuid(),
  rating: z.number(),
  comment: z.string(),
  created_at: ts,
  removed_at: nullableTs,
});

const ExportMessageSchema = z.object({
  id: z.uuid(),
  /** Written by the person; false for the other party's messages and the product's notices. */
  mine: z.boolean(),
  kind: z.string(),
  /** null where the person never read it: the other party's message masked or removed by moderation. */
  content: z.string().nullable(),
  masked: z.boolean(),
  removed: z.boolean(),
  sent_at: ts,
});

const ExportConversationSchema = z.object({
  id: z.uuid(),
  offer: z.object({ id: z.uuid(), title: z.string() }),
  other_party: party,
  created_at: ts,
  last_read_at: nullableTs,
  messages: z.array(ExportMessageSchema),
});

const ExportSupportMessageSchema = z.object({
  id: z.uuid(),
  user_name: z.string(),
  user_email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  priority: z.string(),
  created_at: ts,
  responses: z.array(z.object({ response_text: z.string(), created_at: ts })),
});

const ExportChatSessionSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  status: z.string(),
  created_at: ts,
  messages: z.array(z.object({ sender: z.string(), sender_name: z.string(), content: z.string(), created_at: ts })),
});

const ExportReportSchema = z.object({
  id: z.uuid(),
  target_type: z.string(),
  target_id: z.uuid(),
  reason: z.string(),
  detail: z.string().nullable(),
  status: z.string(),
  created_at: ts,
});

export const DataExportSchema = z.object({
  generated_at: ts,
  profile: ExportProfileSchema,
  /** What the person agreed to and when, as the product records it. */
  consents: z.array(z.object({ kind: z.string(), accepted_at: ts, description: z.string() })),
  offers: z.array(ExportOfferSchema),
  slots: z.array(ExportSlotSchema),
  bookings: z.array(ExportBookingSchema),
  payout_account: z
    .object({
      provider: z.string(),
      details_submitted: z.boolean(),
      charges_enabled: z.boolean(),
      payouts_enabled: z.boolean(),
      created_at: ts,
    })
    .nullable(),
  payouts: z.array(
    z.object({
      amount_cents: z.number(),
      currency: z.string(),
      status: z.string(),
      arrival_at: nullableTs,
      created_at: ts,
    }),
  ),
  reviews_written: z.array(ExportReviewSchema),
  reviews_received: z.array(ExportReviewSchema.extend({ author: party })),
  conversations: z.array(ExportConversationSchema),
  support_messages: z.array(ExportSupportMessageSchema),
  chat_sessions: z.array(ExportChatSessionSchema),
  reports_made: z.array(ExportReportSchema),
  blocks: z.array(z.object({ blocked: party, created_at: ts })),
  password_reset_requests: z.array(z.object({ created_at: ts, expires_at: ts, used_at: nullableTs })),
});
export type DataExport = z.infer<typeof DataExportSchema>;

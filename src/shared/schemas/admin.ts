import { z } from 'zod';
import {
  ADMIN_OFFERS_PAGE_SIZE,
  LIST_MAX_LIMIT,
  OFFER_DESCRIPTION_MAX_LENGTH,
  OFFER_TITLE_MAX_LENGTH,
} from '../constants.ts';
import { multiLineString, singleLineString } from './common.ts';
import { DurationSchema, PriceCentsSchema } from './offers.ts';

/** Spec 2 section 3: admin stats, every figure counted from the rows. */
export const AdminStatsSchema = z.object({
  total_users: z.number().int(),
  total_helpers: z.number().int(),
  total_helpees: z.number().int(),
  total_offers: z.number().int(),
  active_offers: z.number().int(),
  total_bookings: z.number().int(),
  pending_reports: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/** Spec 2 section 3: the admin view of an offer (the admin list shows helper.full_name). */
export const AdminOfferSchema = z.object({
  id: z.uuid(),
  helper_id: z.uuid(),
  helper: z.object({
    display_name: z.string().nullable(),
    username: z.string().nullable(),
    full_name: z.string().nullable(),
  }),
  title: z.string(),
  description: z.string(),
  price_cents: z.number().int(),
  duration_minutes: z.number().int(),
  visible: z.boolean(),
  created_at: z.string(),
});
export type AdminOffer = z.infer<typeof AdminOfferSchema>;

/** GET /admin/offers: search (title, helper) and paging, usable with 100 000 offers. */
export const AdminOfferListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(ADMIN_OFFERS_PAGE_SIZE),
});

export const AdminOfferListSchema = z.object({
  items: z.array(AdminOfferSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type AdminOfferList = z.infer<typeof AdminOfferListSchema>;
export type AdminOfferListQuery = z.infer<typeof AdminOfferListQuerySchema>;

/**
 * PUT /admin/offers/{id}: title, description, price_cents, duration_minutes (spec 2 section 5: the
 * client parses the two numbers as integers, defaulting to 0).
 */
export const AdminOfferUpdateSchema = z.object({
  title: singleLineString().trim().min(1).max(OFFER_TITLE_MAX_LENGTH).optional(),
  description: multiLineString().trim().min(1).max(OFFER_DESCRIPTION_MAX_LENGTH).optional(),
  // The offer form's rules (spec 1 section 5), so the helper can still save the offer afterwards: whole
  // euros from 0, and one of the form's durations. 0 is what the spec's client sends for an unreadable
  // number: a session has a length, so it is refused (422, French).
  price_cents: PriceCentsSchema.optional(),
  duration_minutes: DurationSchema.optional(),
});
export type AdminOfferUpdate = z.infer<typeof AdminOfferUpdateSchema>;

export const AdminAuditEntrySchema = z.object({
  id: z.uuid(),
  admin_id: z.uuid().nullable(),
  admin_name: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

/**
 * GET /admin/overview: the dashboard's support overview (spec 2 section 2: open, in progress, high
 * priority) and the latest ADMIN_AUDIT_RECENT admin actions, newest first. `high_priority` counts
 * the messages still waiting (open or in progress) whose priority is urgent or high.
 */
export const AdminOverviewSchema = z.object({
  support: z.object({
    open: z.number().int(),
    in_progress: z.number().int(),
    high_priority: z.number().int(),
  }),
  recent_actions: z.array(AdminAuditEntrySchema),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

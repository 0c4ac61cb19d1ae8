import { z } from 'zod';
import {
  ADMIN_OFFERS_PAGE_SIZE,
  LIST_MAX_LIMIT,
  MAX_PRICE_EUROS,
  OFFER_DESCRIPTION_MAX_LENGTH,
  OFFER_TITLE_MAX_LENGTH,
  SLOT_MAX_DURATION_MINUTES,
} from '../constants.ts';

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

/**
 * PUT /admin/offers/{id}: title, description, price_cents, duration_minutes (spec 2 section 5: the
 * client parses the two numbers as integers, defaulting to 0).
 */
export const AdminOfferUpdateSchema = z.object({
  title: z.string().trim().min(1).max(OFFER_TITLE_MAX_LENGTH).optional(),
  description: z.string().trim().max(OFFER_DESCRIPTION_MAX_LENGTH).optional(),
  price_cents: z
    .number()
    .int()
    .min(0)
    .max(MAX_PRICE_EUROS * 100)
    .optional(),
  // 0 is what the spec's client sends for an unreadable number: a session has a length, so it is refused.
  duration_minutes: z.number().int().min(1).max(SLOT_MAX_DURATION_MINUTES).optional(),
});

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

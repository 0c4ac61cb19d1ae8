import { z } from 'zod';
import {
  REPORT_DECISIONS,
  REPORT_DETAIL_MAX_LENGTH,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from '../constants.ts';
import { multiLineString, PaginationQuerySchema } from './common.ts';

export const ReportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES);
export const ReportReasonSchema = z.enum(REPORT_REASONS);
export const ReportStatusSchema = z.enum(REPORT_STATUSES);
export const ReportDecisionSchema = z.enum(REPORT_DECISIONS);

/** POST /reports: a target (user = a helper profile, offer, review, message, chat_session), a reason, a detail. */
export const ReportCreateSchema = z.object({
  target_type: ReportTargetTypeSchema,
  target_id: z.uuid(),
  reason: ReportReasonSchema,
  detail: multiLineString().trim().max(REPORT_DETAIL_MAX_LENGTH).optional(),
});
export type ReportCreate = z.infer<typeof ReportCreateSchema>;

/** What the reporter gets back: thanks, never who else reported. */
export const ReportCreatedSchema = z.object({ id: z.uuid(), message: z.string() });

/** A report as the admin queue shows it: the snapshot taken when it was filed, and its context. */
export const AdminReportSchema = z.object({
  id: z.uuid(),
  reporter: z.object({ id: z.uuid(), display_name: z.string().nullable() }).nullable(),
  target_type: ReportTargetTypeSchema,
  target_id: z.uuid(),
  /** The reported content at the time (text, title, author…), so a later edit cannot hide it. */
  snapshot: z.record(z.string(), z.unknown()).nullable(),
  /** Where it lives now: author id and name, offer id, conversation id, whether it still exists. */
  context: z.record(z.string(), z.unknown()).nullable(),
  reason: ReportReasonSchema,
  detail: z.string().nullable(),
  status: ReportStatusSchema,
  decision: ReportDecisionSchema.nullable(),
  admin_note: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

/** GET /admin/reports: filter by status and target type. */
export const AdminReportListQuerySchema = PaginationQuerySchema.extend({
  status: ReportStatusSchema.optional(),
  target_type: ReportTargetTypeSchema.optional(),
});

export const AdminReportListSchema = z.object({
  items: z.array(AdminReportSchema),
  total: z.number().int(),
});

/** POST /admin/reports/{id}/decision: dismiss, or act on the target; a note for the record. */
export const ReportDecisionBodySchema = z.object({
  decision: ReportDecisionSchema,
  note: multiLineString().trim().max(REPORT_NOTE_MAX_LENGTH).optional(),
});

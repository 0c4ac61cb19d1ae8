import { z } from 'zod';
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGE_STATUSES,
  SUPPORT_NAME_MAX_LENGTH,
  SUPPORT_PRIORITIES,
  SUPPORT_RESPONSE_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
} from '../constants.ts';
import { support } from '../messages/support.ts';
import { multiLineString, PaginationQuerySchema, singleLineString } from './common.ts';

export const SupportMessageStatusSchema = z.enum(SUPPORT_MESSAGE_STATUSES);
export const SupportPrioritySchema = z.enum(SUPPORT_PRIORITIES);

/**
 * POST /support/messages (spec 2 section 7): every field required ("Veuillez remplir tous les
 * champs"). No e-mail field: the form needs a login, and the answer goes to the account's own
 * address, never to one typed in the form (anyone could have Appui write to any mailbox).
 */
export const SupportMessageCreateSchema = z.object({
  user_name: singleLineString().trim().min(1, support.fillAllFields).max(SUPPORT_NAME_MAX_LENGTH),
  subject: singleLineString().trim().min(1, support.fillAllFields).max(SUPPORT_SUBJECT_MAX_LENGTH),
  message: multiLineString().trim().min(1, support.fillAllFields).max(SUPPORT_MESSAGE_MAX_LENGTH),
});
export type SupportMessageCreate = z.infer<typeof SupportMessageCreateSchema>;

export const SupportResponseSchema = z.object({
  id: z.uuid(),
  response_text: z.string(),
  created_at: z.string(),
});

/** Spec 2 section 3: id, user_name, user_email, subject, message, status, priority, created_at, responses. */
export const SupportMessageSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid().nullable(),
  user_name: z.string(),
  user_email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: SupportMessageStatusSchema,
  priority: SupportPrioritySchema,
  created_at: z.string(),
  updated_at: z.string(),
  responses: z.array(SupportResponseSchema),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

/** GET /support/messages (admin): filters and paging. */
export const SupportMessageListQuerySchema = PaginationQuerySchema.extend({
  status: SupportMessageStatusSchema.optional(),
  priority: SupportPrioritySchema.optional(),
});

/**
 * PUT /support/messages/{id} (admin): a status (transitions of spec 2 section 4: to closed from any
 * non-closed state, to in_progress only from open) and/or a priority.
 */
export const SupportMessageUpdateSchema = z
  .object({ status: SupportMessageStatusSchema.optional(), priority: SupportPrioritySchema.optional() })
  .refine((body) => body.status !== undefined || body.priority !== undefined, {
    message: support.updateNothing,
  });

/** POST /support/messages/{id}/respond: non-empty ("Veuillez saisir une réponse"). */
export const SupportRespondSchema = z.object({
  response_text: multiLineString().trim().min(1, support.responseRequired).max(SUPPORT_RESPONSE_MAX_LENGTH),
});

/** Spec 2 section 3. */
export const SupportStatsSchema = z.object({
  total_messages: z.number().int(),
  open_messages: z.number().int(),
  in_progress_messages: z.number().int(),
  closed_messages: z.number().int(),
  high_priority_messages: z.number().int(),
});
export type SupportStats = z.infer<typeof SupportStatsSchema>;

import { z } from 'zod';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_SENDERS,
  CHAT_SESSION_STATUSES,
  CHAT_SUBJECT_MAX_LENGTH,
  SUPPORT_NAME_MAX_LENGTH,
} from '../constants.ts';
import { multiLineString, PaginationQuerySchema, personNameString, singleLineString } from './common.ts';
import { EmailSchema } from './users.ts';

export const ChatSessionStatusSchema = z.enum(CHAT_SESSION_STATUSES);
export const ChatSenderSchema = z.enum(CHAT_SENDERS);

/** Spec 2 section 3: id, sender, sender_name, content, created_at. */
export const ChatMessageSchema = z.object({
  id: z.uuid(),
  session_id: z.uuid(),
  sender: ChatSenderSchema,
  sender_name: z.string(),
  content: z.string(),
  created_at: z.string(),
  /** The content speaks of suicide or immediate danger: the chat shows the crisis numbers (issue 13 section 3). */
  crisis: z.boolean(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/**
 * Spec 2 section 3. `session_token` is given once, in the answer to POST /support/chat/sessions
 * (stored hashed: never readable again); every other answer carries null.
 */
export const ChatSessionSchema = z.object({
  id: z.uuid(),
  status: ChatSessionStatusSchema,
  session_token: z.string().nullable(),
  user_id: z.uuid().nullable(),
  guest_name: z.string().nullable(),
  guest_email: z.string().nullable(),
  subject: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  last_message_at: z.string().nullable(),
  chat_messages: z.array(ChatMessageSchema),
});
export type ChatSession = z.infer<typeof ChatSessionSchema>;

/**
 * POST /support/chat/sessions. A guest gives a name and an e-mail; a signed-in user gives neither.
 * An empty subject becomes "Support en direct" (spec 2 section 9).
 */
export const ChatSessionCreateSchema = z.object({
  subject: singleLineString().trim().max(CHAT_SUBJECT_MAX_LENGTH).optional(),
  guest_name: personNameString().trim().min(1).max(SUPPORT_NAME_MAX_LENGTH).optional(),
  guest_email: EmailSchema.optional(),
});

/** `session_token` for a guest's calls (GET, PUT, DELETE, messages). */
export const ChatSessionTokenQuerySchema = z.object({ session_token: z.string().max(200).optional() });

/** PUT /support/chat/sessions/{id}: the status (admin: active, closed, archived; owner: closed). */
export const ChatSessionUpdateSchema = z.object({ status: ChatSessionStatusSchema });

/** POST /support/chat/sessions/{id}/messages: trimmed, not empty. */
export const ChatMessageCreateSchema = z.object({
  content: multiLineString().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH),
});

/** GET /support/chat/sessions (admin: all, filterable; a user: their own). */
export const ChatSessionListQuerySchema = PaginationQuerySchema.extend({
  view: z.enum(['active', 'archived']).optional(),
});

/** GET /support/chat/messages (admin): the latest messages over all sessions, or one session's. */
export const ChatMessageListQuerySchema = PaginationQuerySchema.extend({ session_id: z.uuid().optional() });

/** Spec 2 section 3. */
export const ChatStatsSchema = z.object({
  total_sessions: z.number().int(),
  open_sessions: z.number().int(),
  active_sessions: z.number().int(),
  closed_sessions: z.number().int(),
});
export type ChatStats = z.infer<typeof ChatStatsSchema>;

/** What a client sends on the chat socket (spec 2 section 7). */
export const ChatSocketInboundSchema = z.object({
  type: z.literal('chat_message'),
  content: multiLineString().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH),
});

/** What the chat socket sends: a message of the session, or a system line (spec 2 section 7). */
export const ChatSocketOutboundSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chat_message'), message: ChatMessageSchema }),
  z.object({ type: z.literal('system_message'), message: z.string(), status: ChatSessionStatusSchema.optional() }),
]);
export type ChatSocketOutbound = z.infer<typeof ChatSocketOutboundSchema>;

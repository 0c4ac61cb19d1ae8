import { z } from 'zod';
import {
  CONVERSATION_SEARCH_MAX_LENGTH,
  LIST_MAX_LIMIT,
  MESSAGE_KINDS,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_SIZE,
} from '../constants.ts';
import { validation } from '../messages/common.ts';
import { multiLineString, PaginationQuerySchema } from './common.ts';

/** A party of a conversation as the other sees it: never the e-mail. */
export const ConversationPartySchema = z.object({
  id: z.uuid(),
  display_name: z.string().nullable(),
  username: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type ConversationParty = z.infer<typeof ConversationPartySchema>;

/**
 * The sender of a message (spec 2 section 3: id, display_name, email). `email` is the caller's own
 * address on their own messages and null on anyone else's: an address is private (DESIGN.md 14).
 * A system notice has no sender.
 */
export const MessageSenderSchema = z.object({
  id: z.uuid(),
  display_name: z.string().nullable(),
  email: z.string().nullable(),
});

export const MessageKindSchema = z.enum(MESSAGE_KINDS);

/**
 * A message as the caller sees it. `visible=false` means it carries contact details and the parties
 * share no scheduled or paid booking yet (DESIGN.md section 8): its sender still reads `content`
 * (`masked` false), its recipient gets `content` empty and `masked` true. A `cancellation` message's
 * content starts with the [CANCELLATION] marker, followed by the reason. `crisis` says the content
 * speaks of suicide or immediate danger (src/shared/rules/crisis.ts): both parties then see the crisis
 * numbers (issue 13 section 3). A masked message keeps its flag for its recipient too: it tells only
 * that the message is about distress, never any of its words or contact details, and someone in
 * danger must not go unnoticed because they wrote a phone number before a booking.
 */
export const MessageSchema = z.object({
  id: z.uuid(),
  conversation_id: z.uuid(),
  sender_id: z.uuid().nullable(),
  sender: MessageSenderSchema.nullable(),
  content: z.string(),
  visible: z.boolean(),
  masked: z.boolean(),
  /** Removed by an admin after a report (issue 13 section 1): `content` is empty for everyone. */
  removed: z.boolean(),
  kind: MessageKindSchema,
  sent_at: z.string(),
  crisis: z.boolean(),
});
export type Message = z.infer<typeof MessageSchema>;
/** A page of a thread (GET /messages/conversations/{id}/messages). */
export const MessageListSchema = z.array(MessageSchema);

export const ConversationOfferSchema = z.object({ id: z.uuid(), title: z.string() });

/**
 * A conversation as one of its parties sees it. `chat_enabled` applies spec 2 section 4 for the
 * caller (the helper always; the seeker with a non-cancelled booking with that helper, or for a first
 * message); `unread_count` counts the other party's messages after the caller's read mark.
 * `blocked`: one of the two blocked the other (issue 13 section 2): the thread stays readable, nothing
 * new can be written (`chat_enabled` false). It never says which of the two blocked.
 */
export const ConversationSchema = z.object({
  id: z.uuid(),
  offer_id: z.uuid(),
  helper_id: z.uuid(),
  user_id: z.uuid(),
  user: ConversationPartySchema,
  helper: ConversationPartySchema,
  offer: ConversationOfferSchema,
  created_at: z.string(),
  last_message: MessageSchema.nullable(),
  unread_count: z.number().int().min(0),
  chat_enabled: z.boolean(),
  blocked: z.boolean(),
});
export type Conversation = z.infer<typeof ConversationSchema>;
/** GET /messages/conversations. */
export const ConversationListSchema = z.array(ConversationSchema);

/** POST /messages/conversations?offer_id= (spec 2 section 7). */
export const ConversationCreateQuerySchema = z.object({ offer_id: z.uuid() });

/** GET /messages/conversations: `search` matches a party's name, the offer title or a message. */
export const ConversationListQuerySchema = PaginationQuerySchema.extend({
  search: z.string().trim().max(CONVERSATION_SEARCH_MAX_LENGTH).optional(),
});

/**
 * GET /messages/conversations/{id}/messages. Without a cursor: the newest `limit` messages. `before`:
 * the page just older than that message (scrolling up). `after`: the messages newer than that one
 * (catch-up after a reconnect). Always oldest first.
 */
export const MessageListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(MESSAGES_PAGE_SIZE),
    before: z.uuid().optional(),
    after: z.uuid().optional(),
  })
  .refine((query) => !(query.before && query.after), { message: 'before ou after, pas les deux' });

/** POST /messages/conversations/{id}/messages: trimmed, 1 to 4 000 characters. */
/** Something to see: trim() keeps zero-width spaces and joiners, soft hyphens… (spec 2 section 5: no empty message). */
const VISIBLE_CHARACTER = /[^\s\p{Cf}]/u;

export const MessageCreateSchema = z.object({
  content: multiLineString()
    .trim()
    .min(1)
    .max(MESSAGE_MAX_LENGTH)
    .refine((content) => content === '' || VISIBLE_CHARACTER.test(content), validation.required),
});
export type MessageCreate = z.infer<typeof MessageCreateSchema>;

/** POST /messages/conversations/{id}/read: read up to (and including) this message. */
export const ConversationReadSchema = z.object({ message_id: z.uuid() });

export const ConversationReadResponseSchema = z.object({
  conversation_id: z.uuid(),
  last_read_at: z.string().nullable(),
  unread_count: z.number().int().min(0),
});

/** GET /messages/unread: the header badge and the overview card. */
export const UnreadSummarySchema = z.object({
  total: z.number().int().min(0),
  conversations: z.number().int().min(0),
});
export type UnreadSummary = z.infer<typeof UnreadSummarySchema>;

import { z } from 'zod';
import { MessageSchema } from './messages.ts';

/**
 * What the app socket `/api/v1/ws?token=…` sends (DESIGN.md section 10), one JSON object per frame.
 * The client never trusts an event for more than a hint to refresh, except `message.created`, which
 * carries the message as the recipient may see it (masked when it must be).
 */
export const SocketEventSchema = z.discriminatedUnion('type', [
  /** First frame after connecting: the client catches up (refetches what it shows) from here. */
  z.object({ type: z.literal('hello'), unread_total: z.number().int().min(0) }),
  z.object({ type: z.literal('message.created'), conversation_id: z.uuid(), message: MessageSchema }),
  z.object({
    type: z.literal('conversation.read'),
    conversation_id: z.uuid(),
    user_id: z.uuid(),
  }),
  /** Messages of the conversation changed (masked ones revealed): reload it. */
  z.object({ type: z.literal('conversation.updated'), conversation_id: z.uuid() }),
  /** The caller's unread figures after a message or a read. */
  z.object({
    type: z.literal('unread'),
    total: z.number().int().min(0),
    conversation_id: z.uuid(),
    conversation_unread: z.number().int().min(0),
  }),
  z.object({
    type: z.literal('booking.changed'),
    booking_id: z.uuid(),
    change: z.enum(['created', 'paid', 'cancelled', 'completed']),
  }),
  /** The server may have missed events (its listener reconnected): catch up as after a reconnect. */
  z.object({ type: z.literal('resync') }),
  /**
   * To administrators only: a live chat was opened, written in or changed status (issue 12 section
   * 3): the admin console refreshes its chat lists and figures at once instead of at its next 30 s.
   */
  z.object({ type: z.literal('support.activity') }),
]);
export type SocketEvent = z.infer<typeof SocketEventSchema>;

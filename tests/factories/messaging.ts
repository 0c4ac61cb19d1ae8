import { eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { conversations, messages, type ConversationRow, type MessageRow } from '#server/db/schema/messaging.ts';
import type { OfferRow } from '#server/db/schema/offers.ts';
import type { UserRow } from '#server/db/schema/users.ts';

/** Inserts the conversation of `seeker` about `offer` straight into the database. */
export async function createConversation(
  db: Executor,
  input: { offer: Pick<OfferRow, 'id' | 'helperId'>; seeker: Pick<UserRow, 'id'> },
): Promise<ConversationRow> {
  const [row] = await db
    .insert(conversations)
    .values({ offerId: input.offer.id, helperId: input.offer.helperId, userId: input.seeker.id })
    .returning();
  if (!row) throw new Error('conversation not inserted');
  return row;
}

/**
 * Inserts a message straight into the database (no enablement or masking rule: say `visible`), and
 * moves the conversation's `last_message_at` like the service does. Read marks are left alone.
 */
export async function postMessage(
  db: Executor,
  input: {
    conversation: Pick<ConversationRow, 'id'>;
    sender: Pick<UserRow, 'id'> | null;
    content?: string;
    visible?: boolean;
    kind?: MessageRow['kind'];
    sentAt?: Date;
  },
): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({
      conversationId: input.conversation.id,
      senderId: input.sender?.id ?? null,
      content: input.content ?? 'Bonjour, je voudrais en savoir plus.',
      visible: input.visible ?? true,
      kind: input.kind ?? 'text',
      ...(input.sentAt ? { sentAt: input.sentAt } : {}),
    })
    .returning();
  if (!row) throw new Error('message not inserted');
  await db.update(conversations).set({ lastMessageAt: row.sentAt }).where(eq(conversations.id, input.conversation.id));
  return row;
}

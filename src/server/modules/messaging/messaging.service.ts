import {
  CANCELLATION_MARKER,
  CONTACT_SPLIT_LOOKBACK_MESSAGES,
  CONTACT_SPLIT_LOOKBACK_MINUTES,
  MESSAGE_MAIL_THROTTLE_MINUTES,
} from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { messageMail } from '#shared/messages/messaging-mail.ts';
import { messaging as messagingMessages } from '#shared/messages/messaging.ts';
import { offers as offerMessages } from '#shared/messages/offers.ts';
import { isChatEnabled, isVisibleOnSend } from '#shared/rules/chat-enablement.ts';
import { containsContactDetails } from '#shared/rules/contact-details.ts';
import { isAdminRole } from '#shared/rules/roles.ts';
import type { Conversation, Message, UnreadSummary } from '#shared/schemas/messages.ts';
import { sendEach } from '../../adapters/mail/mailer.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import type { ConversationRow } from '../../db/schema/messaging.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { isActiveAccount } from '../../lib/account-state.ts';
import { runInBackground } from '../../lib/background.ts';
import { isConnected } from '../../lib/presence.ts';
import { publishEvent } from '../../lib/realtime-bus.ts';
import { assertNotBlocked, blockedIdsOf, blockedInteraction, isBlockedBetween } from '../blocks/blocks.service.ts';
import { toConversationDto, toMessageDto, type MessageViewer } from './message-dto.ts';
import {
  claimMessageMail,
  countUnreadIn,
  ensureConversation,
  findConversation,
  findConversationFor,
  findMailFacts,
  findMessage,
  findMessagesByIds,
  findOffer,
  hasNonCancelledBooking,
  hasSentMessage,
  insertMessage,
  recentTextsOf,
  listConversationsFor,
  listMessages,
  lockConversation,
  lockConversationsBetween,
  markMessageRemoved,
  markReadUpTo,
  revealMessages,
  shareConfirmedBooking,
  unreadTotals,
  type ConversationListRow,
} from './messaging.repository.ts';

const conversationNotFound = () => notFound(ErrorCode.CONVERSATION_NOT_FOUND, messagingMessages.conversationNotFound);
const messageNotFound = () => notFound(ErrorCode.MESSAGE_NOT_FOUND, messagingMessages.messageNotFound);

const partiesOf = (conversation: Pick<ConversationRow, 'helperId' | 'userId'>) => [
  conversation.helperId,
  conversation.userId,
];

const isParty = (conversation: Pick<ConversationRow, 'helperId' | 'userId'>, userId: string) =>
  conversation.helperId === userId || conversation.userId === userId;

/**
 * The conversation and how the caller reads it. The parties read and write; an admin who is not a
 * party reads (moderation) but never writes; anyone else gets the same 404 as an unknown id.
 */
async function conversationFor(
  db: Executor,
  user: UserRow,
  id: string,
  access: 'read' | 'write',
): Promise<{ conversation: ConversationRow; viewer: MessageViewer }> {
  const conversation = await findConversation(db, id);
  if (!conversation) throw conversationNotFound();
  if (isParty(conversation, user.id)) return { conversation, viewer: { id: user.id, moderator: false } };
  if (access === 'read' && isAdminRole(user.role)) return { conversation, viewer: { id: user.id, moderator: true } };
  throw conversationNotFound();
}

function chatEnabledFor(row: ConversationListRow, viewerId: string): boolean {
  return isChatEnabled({
    isHelperOfConversation: row.conversation.helperId === viewerId,
    hasNonCancelledBookingWithHelper: row.hasNonCancelledBooking,
    hasSentMessage: row.hasSentMessage,
  });
}

/**
 * Conversation DTOs for a party, their last messages loaded in one query and shown as that party sees
 * them. A conversation with someone blocked either way (issue 13 section 2) is shown blocked, its chat
 * disabled.
 */
async function toConversationDtos(
  db: Executor,
  rows: ConversationListRow[],
  viewerId: string,
): Promise<Conversation[]> {
  if (rows.length === 0) return [];
  const blockedIds = new Set(await blockedIdsOf(db, viewerId));
  const lastIds = rows.flatMap((row) => (row.lastMessageId ? [row.lastMessageId] : []));
  const viewer: MessageViewer = { id: viewerId, moderator: false };
  const lastMessages = new Map(
    (await findMessagesByIds(db, lastIds)).map((row) => [row.message.id, toMessageDto(row, viewer)]),
  );
  return rows.map((row) => {
    const otherId = row.conversation.helperId === viewerId ? row.conversation.userId : row.conversation.helperId;
    const blocked = blockedIds.has(otherId);
    return toConversationDto(
      row,
      row.lastMessageId ? (lastMessages.get(row.lastMessageId) ?? null) : null,
      !blocked && chatEnabledFor(row, viewerId),
      blocked,
    );
  });
}

async function conversationDto(db: Executor, viewerId: string, id: string): Promise<Conversation> {
  const row = await findConversationFor(db, viewerId, id);
  if (!row) throw conversationNotFound();
  const [dto] = await toConversationDtos(db, [row], viewerId);
  if (!dto) throw conversationNotFound();
  return dto;
}

/**
 * POST /messages/conversations?offer_id=: the caller's conversation (as seeker) about that offer,
 * created if missing. A deleted offer, or a hidden one, is unknown to anyone but its helper; its
 * helper cannot open a conversation with themselves. Between two people where either blocked the
 * other: 403 USER_BLOCKED (issue 13 section 2), even for a conversation that exists (it stays in the
 * list, read-only).
 */
export async function openConversation(
  ctx: AppContext,
  user: UserRow,
  offerId: string,
): Promise<{ conversation: Conversation; created: boolean }> {
  const offer = await findOffer(ctx.db, offerId);
  if (!offer || offer.deletedAt) throw notFound(ErrorCode.OFFER_NOT_FOUND, offerMessages.notFound);
  if (offer.helperId === user.id)
    throw badRequest(ErrorCode.CONVERSATION_OWN_OFFER, messagingMessages.ownOfferConversation);
  if (!offer.visible) throw notFound(ErrorCode.OFFER_NOT_FOUND, offerMessages.notFound);
  await assertNotBlocked(ctx.db, user.id, offer.helperId);
  const { conversation, created } = await ensureConversation(ctx.db, {
    offerId: offer.id,
    helperId: offer.helperId,
    userId: user.id,
  });
  return { conversation: await conversationDto(ctx.db, user.id, conversation.id), created };
}

export async function listConversations(
  ctx: AppContext,
  user: UserRow,
  query: { search?: string; skip: number; limit: number },
): Promise<Conversation[]> {
  const rows = await listConversationsFor(ctx.db, user.id, query);
  return toConversationDtos(ctx.db, rows, user.id);
}

/**
 * GET /messages/conversations/{id}: one conversation as its party sees it (a thread opened from a
 * link or a mail need not be on the first page of the list). Parties only: an admin reads the
 * messages for moderation, but the list view (unread count, chat enablement) is a party's.
 */
export async function getConversation(ctx: AppContext, user: UserRow, id: string): Promise<Conversation> {
  // The party check first: conversationDto builds the view of whoever asks.
  await conversationFor(ctx.db, user, id, 'write');
  return conversationDto(ctx.db, user.id, id);
}

/** A thread, oldest first; a cursor that is not a message of this conversation is a 404. */
export async function listConversationMessages(
  ctx: AppContext,
  user: UserRow,
  id: string,
  query: { limit: number; before?: string; after?: string },
): Promise<Message[]> {
  const { viewer } = await conversationFor(ctx.db, user, id, 'read');
  const cursor = query.before ?? query.after;
  if (cursor) {
    const found = await findMessage(ctx.db, cursor);
    if (found?.message.conversationId !== id) throw messageNotFound();
  }
  const rows = await listMessages(ctx.db, id, query);
  return rows.map((row) => toMessageDto(row, viewer));
}

/**
 * Whether a new message carries contact details, alone or completing the sender's previous few
 * messages: "06 12 34" then "56 78" is a phone number, and the message that completes it is masked.
 */
async function carriesContactDetails(db: Executor, conversationId: string, senderId: string, content: string) {
  if (containsContactDetails(content)) return true;
  const previous = await recentTextsOf(
    db,
    conversationId,
    senderId,
    CONTACT_SPLIT_LOOKBACK_MESSAGES,
    CONTACT_SPLIT_LOOKBACK_MINUTES,
  );
  // Only what the new message completes: details the previous messages already held alone were
  // decided when they were sent.
  for (let start = previous.length - 1; start >= 0; start -= 1) {
    const before = previous.slice(start);
    if (containsContactDetails([...before, content].join(' ')) && !containsContactDetails(before.join(' '))) {
      return true;
    }
  }
  return false;
}

/**
 * POST /messages/conversations/{id}/messages. In one transaction: the conversation row is locked,
 * so the enablement facts are read after any concurrent message or booking reveal committed, and
 * `sent_at` (clock_timestamp(), taken after the lock) orders messages in commit order. Chat
 * enablement (spec 2 section 4) and masking (DESIGN.md section 8) are decided here. The recipient,
 * if connected nowhere, gets a mail after the commit (without the content).
 */
export async function sendMessage(ctx: AppContext, user: UserRow, id: string, content: string): Promise<Message> {
  const { messageId, conversation } = await ctx.db.transaction(async (tx) => {
    const locked = await lockConversation(tx, id);
    if (!locked || !isParty(locked, user.id)) throw conversationNotFound();
    // Either blocked the other (issue 13 section 2): nothing new between them, whoever writes.
    if (await isBlockedBetween(tx, locked.helperId, locked.userId)) throw blockedInteraction();
    // The other party erased their account or was suspended: nobody reads there any more (issue 13).
    const otherId = locked.helperId === user.id ? locked.userId : locked.helperId;
    if (!(await isActiveAccount(tx, otherId))) {
      throw new AppError(ErrorCode.CHAT_DISABLED, 403, messagingMessages.recipientGone);
    }
    const isHelper = locked.helperId === user.id;
    if (!isHelper) {
      const enabled = isChatEnabled({
        isHelperOfConversation: false,
        hasNonCancelledBookingWithHelper: await hasNonCancelledBooking(tx, user.id, locked.helperId),
        hasSentMessage: await hasSentMessage(tx, locked.id, user.id),
      });
      if (!enabled) throw new AppError(ErrorCode.CHAT_DISABLED, 403, messagingMessages.chatDisabledDetail);
    }
    const visible = isVisibleOnSend(
      await carriesContactDetails(tx, locked.id, user.id, content),
      await shareConfirmedBooking(tx, locked.helperId, locked.userId),
    );
    const inserted = await insertMessage(tx, {
      conversationId: locked.id,
      senderId: user.id,
      content,
      visible,
      kind: 'text',
    });
    await publishEvent(tx, {
      type: 'message.created',
      conversation_id: locked.id,
      message_id: inserted,
      user_ids: partiesOf(locked),
    });
    return { messageId: inserted, conversation: locked };
  });
  const recipientId = conversation.helperId === user.id ? conversation.userId : conversation.helperId;
  runInBackground(
    ctx,
    () => mailIfAway(ctx, conversation.id, user.id, recipientId),
    (error) => ctx.log.error({ err: error, conversationId: conversation.id }, 'new message mail not sent'),
  );
  const created = await findMessage(ctx.db, messageId);
  if (!created) throw messageNotFound();
  return toMessageDto(created, { id: user.id, moderator: false });
}

/**
 * The "new message" mail (issue 10 section 5): only to a recipient with no app socket open on any
 * process, and at most once per conversation per MESSAGE_MAIL_THROTTLE_MINUTES (the claim is one
 * conditional UPDATE, so two processes never both send). No message content in it.
 */
async function mailIfAway(ctx: AppContext, conversationId: string, senderId: string, recipientId: string) {
  if (await isConnected(ctx.db, recipientId)) return;
  if (!(await claimMessageMail(ctx.db, conversationId, recipientId, MESSAGE_MAIL_THROTTLE_MINUTES))) return;
  const facts = await findMailFacts(ctx.db, conversationId, senderId, recipientId);
  if (!facts) return;
  const senderName = facts.sender.displayName ?? facts.sender.username ?? messageMail.someone;
  const mail = {
    to: facts.recipient.email,
    subject: messageMail.subject(senderName),
    text: messageMail.text({
      name: facts.recipient.displayName ?? facts.recipient.username ?? '',
      senderName,
      title: facts.offerTitle,
      link: `${ctx.config.publicUrl}/dashboard?tab=messages&conversation=${conversationId}`,
    }),
  };
  await sendEach(ctx.mailer, ctx.log, [mail], { conversationId }, 'new message mail not sent');
}

/** POST /messages/conversations/{id}/read: the read mark moves up to that message, never back. */
export async function markConversationRead(
  ctx: AppContext,
  user: UserRow,
  id: string,
  messageId: string,
): Promise<{ conversation_id: string; last_read_at: string | null; unread_count: number }> {
  const lastReadAt = await ctx.db.transaction(async (tx) => {
    const { conversation, viewer } = await conversationFor(tx, user, id, 'write');
    const found = await findMessage(tx, messageId);
    if (found?.message.conversationId !== conversation.id) throw messageNotFound();
    const mark = await markReadUpTo(tx, conversation.id, viewer.id, messageId);
    await publishEvent(tx, {
      type: 'conversation.read',
      conversation_id: conversation.id,
      user_id: viewer.id,
      user_ids: partiesOf(conversation),
    });
    return mark;
  });
  return {
    conversation_id: id,
    last_read_at: lastReadAt?.toISOString() ?? null,
    unread_count: await countUnreadIn(ctx.db, user.id, id),
  };
}

// ---- for the realtime module (one call per connected user) ----

/** A message as `viewerId` sees it (masked for its recipient); null when the viewer is not a party. */
export async function loadMessageFor(ctx: AppContext, viewerId: string, messageId: string): Promise<Message | null> {
  const found = await findMessage(ctx.db, messageId);
  if (!found) return null;
  const conversation = await findConversation(ctx.db, found.message.conversationId);
  if (!conversation || !isParty(conversation, viewerId)) return null;
  return toMessageDto(found, { id: viewerId, moderator: false });
}

/** GET /messages/unread: unread messages over all conversations, and how many conversations have some. */
export async function unreadSummary(ctx: AppContext, userId: string): Promise<UnreadSummary> {
  return unreadTotals(ctx.db, userId);
}

export async function conversationUnreadCount(
  ctx: AppContext,
  userId: string,
  conversationId: string,
): Promise<number> {
  return countUnreadIn(ctx.db, userId, conversationId);
}

// ---- for the bookings module (inside its transactions) ----

/**
 * A booking between the two became scheduled or paid: their masked messages, in every conversation
 * between them (any offer of the helper), are revealed. The conversation rows are locked first, so a
 * message being sent meanwhile either commits before (and is revealed here) or reads the booking
 * after this transaction commits (and is stored visible).
 */
export async function revealMessagesBetween(tx: Transaction, helperId: string, seekerId: string): Promise<void> {
  const ids = await lockConversationsBetween(tx, helperId, seekerId);
  const touched = await revealMessages(tx, ids);
  for (const conversationId of touched) {
    await publishEvent(tx, {
      type: 'conversation.updated',
      conversation_id: conversationId,
      user_ids: [helperId, seekerId],
    });
  }
}

/**
 * A cancelled booking posts a notice into the conversation of its offer and seeker (created if
 * missing): content `[CANCELLATION] <reason>`, sent by the canceller, always visible.
 */
export async function postCancellationNotice(
  tx: Transaction,
  notice: { offerId: string; helperId: string; seekerId: string; cancelledBy: string; reason: string },
): Promise<void> {
  const { conversation } = await ensureConversation(tx, {
    offerId: notice.offerId,
    helperId: notice.helperId,
    userId: notice.seekerId,
  });
  await lockConversation(tx, conversation.id);
  const messageId = await insertMessage(tx, {
    conversationId: conversation.id,
    senderId: notice.cancelledBy,
    content: `${CANCELLATION_MARKER} ${notice.reason}`,
    visible: true,
    kind: 'cancellation',
  });
  await publishEvent(tx, {
    type: 'message.created',
    conversation_id: conversation.id,
    message_id: messageId,
    user_ids: [notice.helperId, notice.seekerId],
  });
}

// ---- for the reports module (inside its transaction) ----

/**
 * A report's decision (issue 13 section 1): the message shows to both parties as removed (empty
 * content, `removed` true; see toMessageDto); their open conversations refresh at commit. False when
 * it was already removed.
 */
export async function removeMessageForModeration(tx: Transaction, id: string): Promise<boolean> {
  const removed = await markMessageRemoved(tx, id);
  if (!removed) return false;
  await publishEvent(tx, {
    type: 'conversation.updated',
    conversation_id: removed.conversationId,
    user_ids: [removed.helperId, removed.userId],
  });
  return true;
}

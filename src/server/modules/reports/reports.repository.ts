import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ReportDecision } from '#shared/constants.ts';
import type { Executor } from '../../db/client.ts';
import { reviews } from '../../db/schema/bookings.ts';
import { conversations, messages } from '../../db/schema/messaging.ts';
import { offers } from '../../db/schema/offers.ts';
import { chatMessages, chatSessions, reports } from '../../db/schema/support.ts';
import { users } from '../../db/schema/users.ts';

// Reads of the reported content (users, offers, reviews, messages, chat sessions) for the snapshot and
// the queue's context; every write to those tables goes through their own module's service.

export type ReportRow = typeof reports.$inferSelect;
export type ReportTargetType = ReportRow['targetType'];

/** What the queue and the decisions know of a target now; null when the row no longer exists. */
export type TargetFacts = {
  /** Still there as it was reported: not deleted, erased or removed (a hidden offer still exists). */
  exists: boolean;
  authorId: string | null;
  authorName: string | null;
  authorRole: string | null;
  authorSuspended: boolean;
  offerId: string | null;
  conversationId: string | null;
  /** Parties who may read a message's conversation (its helper and seeker). */
  partyIds: string[];
  /** The fields the snapshot copies (title, text…), as the API names them. */
  content: Record<string, unknown>;
};

const nameOf = (row: { displayName: string | null; username: string | null }) =>
  row.displayName ?? row.username ?? null;

const author = {
  id: users.id,
  displayName: users.displayName,
  username: users.username,
  role: users.role,
  suspendedAt: users.suspendedAt,
  erasedAt: users.erasedAt,
};

type AuthorColumns = {
  id: string;
  displayName: string | null;
  username: string | null;
  role: string;
  suspendedAt: Date | null;
  erasedAt: Date | null;
};

function facts(
  who: AuthorColumns | null,
  fields: Omit<TargetFacts, 'authorId' | 'authorName' | 'authorRole' | 'authorSuspended'>,
): TargetFacts {
  return {
    ...fields,
    authorId: who?.id ?? null,
    authorName: who ? (who.erasedAt ? null : nameOf(who)) : null,
    authorRole: who?.role ?? null,
    authorSuspended: who?.suspendedAt != null,
  };
}

async function usersById(db: Executor, ids: string[]): Promise<Map<string, TargetFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ ...author, bio: users.bio })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      facts(row, {
        exists: row.erasedAt === null,
        offerId: null,
        conversationId: null,
        partyIds: [],
        content: { username: row.username, bio: row.bio, role: row.role },
      }),
    ]),
  );
}

async function offersById(db: Executor, ids: string[]): Promise<Map<string, TargetFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ offer: offers, author })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.helperId))
    .where(inArray(offers.id, ids));
  return new Map(
    rows.map(({ offer, author: who }) => [
      offer.id,
      facts(who, {
        exists: offer.deletedAt === null,
        offerId: offer.id,
        conversationId: null,
        partyIds: [],
        content: {
          title: offer.title,
          description: offer.description,
          category: offer.category,
          visible: offer.visible,
        },
      }),
    ]),
  );
}

async function reviewsById(db: Executor, ids: string[]): Promise<Map<string, TargetFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ review: reviews, author })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .where(inArray(reviews.id, ids));
  return new Map(
    rows.map(({ review, author: who }) => [
      review.id,
      facts(who, {
        exists: review.removedAt === null,
        offerId: null,
        conversationId: null,
        partyIds: [review.helperId],
        content: {
          text: review.comment,
          rating: review.rating,
          helper_id: review.helperId,
          booking_id: review.bookingId,
        },
      }),
    ]),
  );
}

async function messagesById(db: Executor, ids: string[]): Promise<Map<string, TargetFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ message: messages, conversation: conversations, author })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(inArray(messages.id, ids));
  return new Map(
    rows.map(({ message, conversation, author: who }) => [
      message.id,
      facts(who, {
        exists: message.removedAt === null,
        offerId: conversation.offerId,
        conversationId: conversation.id,
        partyIds: [conversation.helperId, conversation.userId],
        content: { text: message.content, kind: message.kind, sent_at: message.sentAt.toISOString() },
      }),
    ]),
  );
}

async function chatSessionsById(db: Executor, ids: string[], messageLimit: number): Promise<Map<string, TargetFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(chatSessions).where(inArray(chatSessions.id, ids));
  const found = new Map<string, TargetFacts>();
  for (const session of rows) {
    // The latest messages, oldest first: what the person saw when they reported.
    const latest = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, session.id))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(messageLimit);
    found.set(
      session.id,
      facts(null, {
        exists: true,
        offerId: null,
        conversationId: null,
        partyIds: session.userId ? [session.userId] : [],
        content: {
          subject: session.subject,
          status: session.status,
          assigned_admin_id: session.assignedAdminId,
          messages: latest.reverse().map((message) => ({
            sender: message.sender,
            sender_name: message.senderName,
            text: message.content,
            sent_at: message.createdAt.toISOString(),
          })),
        },
      }),
    );
  }
  return found;
}

/** The current facts of each target, by type and id (one query per type present). */
export async function loadTargets(
  db: Executor,
  targets: { targetType: ReportTargetType; targetId: string }[],
  chatMessageLimit: number,
): Promise<Map<string, TargetFacts>> {
  const idsOf = (type: ReportTargetType) => [
    ...new Set(targets.filter((target) => target.targetType === type).map((target) => target.targetId)),
  ];
  const [byUser, byOffer, byReview, byMessage, byChat] = await Promise.all([
    usersById(db, idsOf('user')),
    offersById(db, idsOf('offer')),
    reviewsById(db, idsOf('review')),
    messagesById(db, idsOf('message')),
    chatSessionsById(db, idsOf('chat_session'), chatMessageLimit),
  ]);
  const found = new Map<string, TargetFacts>();
  const add = (type: ReportTargetType, map: Map<string, TargetFacts>) => {
    for (const [id, value] of map) found.set(targetKey(type, id), value);
  };
  add('user', byUser);
  add('offer', byOffer);
  add('review', byReview);
  add('message', byMessage);
  add('chat_session', byChat);
  return found;
}

export const targetKey = (type: ReportTargetType, id: string) => `${type}:${id}`;

export async function insertReport(db: Executor, values: typeof reports.$inferInsert): Promise<ReportRow> {
  const [row] = await db.insert(reports).values(values).returning();
  if (!row) throw new Error('report not inserted');
  return row;
}

export type ReportWithReporter = {
  report: ReportRow;
  reporter: { id: string; displayName: string | null; username: string | null; erasedAt: Date | null } | null;
};

function selectWithReporter(db: Executor) {
  return db
    .select({
      report: reports,
      reporter: { id: users.id, displayName: users.displayName, username: users.username, erasedAt: users.erasedAt },
    })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId));
}

export async function findReport(db: Executor, id: string): Promise<ReportWithReporter | undefined> {
  const [row] = await selectWithReporter(db).where(eq(reports.id, id)).limit(1);
  return row;
}

export async function lockReport(db: Executor, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).for('update').limit(1);
  return row;
}

export type ReportFilters = { status?: ReportRow['status']; targetType?: ReportTargetType };

function filterConditions(filters: ReportFilters): SQL | undefined {
  return and(
    filters.status ? eq(reports.status, filters.status) : undefined,
    filters.targetType ? eq(reports.targetType, filters.targetType) : undefined,
  );
}

/** The queue: pending reports first, then the newest first (issue 13 section 1). */
export async function listReports(
  db: Executor,
  filters: ReportFilters,
  skip: number,
  limit: number,
): Promise<ReportWithReporter[]> {
  return selectWithReporter(db)
    .where(filterConditions(filters))
    .orderBy(sql`${reports.status} = 'pending' DESC`, desc(reports.createdAt), desc(reports.id))
    .offset(skip)
    .limit(limit);
}

export async function countReports(db: Executor, filters: ReportFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reports).where(filterConditions(filters));
  return row?.n ?? 0;
}

export type ReportOutcome = {
  status: ReportRow['status'];
  decision: ReportDecision;
  adminNote: string | null;
  decidedBy: string;
  decidedAt: Date;
};

export async function decideReport(db: Executor, id: string, outcome: ReportOutcome): Promise<void> {
  await db.update(reports).set(outcome).where(eq(reports.id, id));
}

/** Closes the other pending reports of the same target with the same outcome; answers their ids. */
export async function decideOtherPendingReports(
  db: Executor,
  report: Pick<ReportRow, 'id' | 'targetType' | 'targetId'>,
  outcome: ReportOutcome,
): Promise<string[]> {
  const rows = await db
    .update(reports)
    .set(outcome)
    .where(
      and(
        eq(reports.targetType, report.targetType),
        eq(reports.targetId, report.targetId),
        eq(reports.status, 'pending'),
        ne(reports.id, report.id),
      ),
    )
    .returning({ id: reports.id });
  return rows.map((row) => row.id);
}

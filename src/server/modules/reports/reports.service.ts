import { REPORT_CHAT_SNAPSHOT_MESSAGES, type ReportDecision } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { suspensionMail, trust } from '#shared/messages/trust.ts';
import { REPORT_DECISION_TARGETS } from '#shared/rules/report-decisions.ts';
import { isAdminRole } from '#shared/rules/roles.ts';
import type { AdminReport, AdminReportListQuerySchema, ReportCreate } from '#shared/schemas/reports.ts';
import type { z } from 'zod';
import { sendEach } from '../../adapters/mail/mailer.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { badRequest, conflict, notFound, pgConstraint, pgErrorCode, PgErrorCode } from '../../errors.ts';
import { recordAdminAction } from '../admin/admin.service.ts';
import { cancelUpcomingBookingsOf, nameOf } from '../bookings/bookings.service.ts';
import { removeMessageForModeration } from '../messaging/messaging.service.ts';
import { forgetOfferSearchReuse, hideOffersForModeration } from '../offers/offers.service.ts';
import { removeReviewForModeration } from '../reviews/reviews.service.ts';
import { suspendAccount } from '../users/users.service.ts';
import * as repo from './reports.repository.ts';

/*
 * Reports (issue 13 section 1; DESIGN.md section 8 "Reports and blocks").
 * - Anyone signed in reports what they can see: a profile, an offer, a review, a message of one of
 *   their conversations, a live chat of their own. Anything else is 404 REPORT_TARGET_NOT_FOUND, as
 *   if it did not exist. One's own profile, offer, review or message is 400 REPORT_SELF.
 * - The report keeps a snapshot of the content at the time, so a later edit or deletion cannot hide
 *   what was reported. The reporter is thanked and never told who else reported.
 * - An admin decides once (409 REPORT_ALREADY_DECIDED after). `dismiss` closes this report only
 *   (status dismissed). An action (hide_offer, remove_review, remove_message, suspend_account) closes
 *   it and every other pending report of the same target with the same decision (status reviewed):
 *   the content they point at is dealt with. Each decision writes one admin_audit row in the same
 *   transaction, naming the reports it closed.
 */

type Target = { targetType: repo.ReportTargetType; targetId: string };

const targetNotFound = () => notFound(ErrorCode.REPORT_TARGET_NOT_FOUND, trust.reportTargetNotFound);
const reportNotFound = () => notFound(ErrorCode.REPORT_NOT_FOUND, trust.reportNotFound);
const notApplicable = () => badRequest(ErrorCode.REPORT_DECISION_NOT_APPLICABLE, trust.reportDecisionNotApplicable);

async function loadTarget(db: Executor, target: Target): Promise<repo.TargetFacts | undefined> {
  const found = await repo.loadTargets(db, [target], REPORT_CHAT_SNAPSHOT_MESSAGES);
  return found.get(repo.targetKey(target.targetType, target.targetId));
}

/**
 * The target as the reporter may see it, or 404; their own content is 400. A profile is visible
 * while the account is neither erased nor suspended; an offer while not deleted and visible (or the
 * reporter is an admin); a review while not removed; a message to the parties of its conversation; a
 * live chat to the account that owns it (reporting it is about the support team's answers).
 */
async function visibleTarget(ctx: AppContext, reporter: UserRow, target: Target): Promise<repo.TargetFacts> {
  const facts = await loadTarget(ctx.db, target);
  if (!facts?.exists) throw targetNotFound();
  switch (target.targetType) {
    case 'user':
      if (facts.authorSuspended) throw targetNotFound();
      break;
    case 'offer':
      if (facts.content.visible !== true && !isAdminRole(reporter.role) && facts.authorId !== reporter.id)
        throw targetNotFound();
      break;
    case 'message':
      if (!facts.partyIds.includes(reporter.id) || facts.content.kind === 'system') throw targetNotFound();
      break;
    case 'chat_session':
      // Owned by the reporter's account; a guest's chat (no account) cannot be reported this way.
      if (!facts.partyIds.includes(reporter.id)) throw targetNotFound();
      return facts;
    case 'review':
      break;
  }
  if (facts.authorId === reporter.id) throw badRequest(ErrorCode.REPORT_SELF, trust.reportSelf);
  return facts;
}

/** What the queue shows of the content at the time of the report (no e-mail address, nothing secret). */
function snapshotOf(target: Target, facts: repo.TargetFacts): Record<string, unknown> {
  return {
    ...facts.content,
    author_id: facts.authorId,
    author_name: facts.authorName,
    ...(facts.offerId ? { offer_id: facts.offerId } : {}),
    ...(facts.conversationId ? { conversation_id: facts.conversationId } : {}),
    ...(target.targetType === 'chat_session' ? { owner_id: facts.partyIds[0] ?? null } : {}),
  };
}

/** POST /reports: the report is filed with its snapshot; a second open one on the target is 409. */
export async function createReport(
  ctx: AppContext,
  reporter: UserRow,
  input: ReportCreate,
): Promise<{ id: string; message: string }> {
  const target: Target = { targetType: input.target_type, targetId: input.target_id };
  const facts = await visibleTarget(ctx, reporter, target);
  try {
    const row = await repo.insertReport(ctx.db, {
      reporterId: reporter.id,
      targetType: target.targetType,
      targetId: target.targetId,
      snapshot: snapshotOf(target, facts),
      reason: input.reason,
      detail: input.detail && input.detail !== '' ? input.detail : null,
    });
    // Ids only: the reason's detail and the reported content stay out of the logs.
    ctx.log.info({ reportId: row.id, targetType: target.targetType }, 'report filed');
    return { id: row.id, message: trust.reportThanks };
  } catch (error) {
    if (pgErrorCode(error) === PgErrorCode.uniqueViolation && pgConstraint(error) === 'reports_open_key')
      throw conflict(ErrorCode.REPORT_DUPLICATE, trust.reportDuplicate);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Admin queue

function contextOf(facts: repo.TargetFacts | undefined): Record<string, unknown> {
  if (!facts) return { exists: false };
  return {
    exists: facts.exists,
    author_id: facts.authorId,
    author_name: facts.authorName,
    author_suspended: facts.authorSuspended,
    offer_id: facts.offerId,
    conversation_id: facts.conversationId,
    ...('visible' in facts.content ? { visible: facts.content.visible } : {}),
    ...('status' in facts.content ? { status: facts.content.status } : {}),
  };
}

function toAdminReportDto(row: repo.ReportWithReporter, facts: repo.TargetFacts | undefined): AdminReport {
  const { report, reporter } = row;
  return {
    id: report.id,
    reporter: reporter && {
      id: reporter.id,
      display_name: reporter.erasedAt ? null : (reporter.displayName ?? reporter.username),
    },
    target_type: report.targetType,
    target_id: report.targetId,
    snapshot: (report.snapshot as Record<string, unknown> | null) ?? null,
    context: contextOf(facts),
    reason: report.reason as AdminReport['reason'],
    detail: report.detail,
    status: report.status,
    decision: (report.decision as ReportDecision | null) ?? null,
    admin_note: report.adminNote,
    decided_at: report.decidedAt?.toISOString() ?? null,
    created_at: report.createdAt.toISOString(),
  };
}

async function withContexts(db: Executor, rows: repo.ReportWithReporter[]): Promise<AdminReport[]> {
  // Context only: the chat messages are in the snapshot already.
  const found = await repo.loadTargets(
    db,
    rows.map(({ report }) => report),
    0,
  );
  return rows.map((row) =>
    toAdminReportDto(row, found.get(repo.targetKey(row.report.targetType, row.report.targetId))),
  );
}

type AdminReportListQuery = z.infer<typeof AdminReportListQuerySchema>;

/** GET /admin/reports: pending first, newest first, with each target's current context. */
export async function listReports(
  ctx: AppContext,
  query: AdminReportListQuery,
): Promise<{ items: AdminReport[]; total: number }> {
  const filters = { status: query.status, targetType: query.target_type };
  const [rows, total] = await Promise.all([
    repo.listReports(ctx.db, filters, query.skip, query.limit),
    repo.countReports(ctx.db, filters),
  ]);
  return { items: await withContexts(ctx.db, rows), total };
}

export async function getReport(ctx: AppContext, id: string): Promise<AdminReport> {
  const row = await repo.findReport(ctx.db, id);
  if (!row) throw reportNotFound();
  const [report] = await withContexts(ctx.db, [row]);
  if (!report) throw reportNotFound();
  return report;
}

// ---------------------------------------------------------------------------------------------
// Decisions

/** `suspendedId`: whose bookings end after the commit; `newlySuspended`: the row to mail (first time only). */
type Applied = {
  effect: Record<string, unknown>;
  suspendedId?: string;
  newlySuspended?: UserRow;
  offersHidden: boolean;
};

async function applyDecision(
  tx: Transaction,
  decision: ReportDecision,
  report: repo.ReportRow,
  facts: repo.TargetFacts | undefined,
): Promise<Applied> {
  if (decision === 'dismiss') return { effect: {}, offersHidden: false };
  // Acting on content that is gone (deleted, removed, erased) does nothing: dismiss it instead.
  if (!facts?.exists) throw notApplicable();
  switch (decision) {
    case 'hide_offer': {
      const hidden = await hideOffersForModeration(tx, { offerId: report.targetId });
      return { effect: { offer_id: report.targetId, hidden: hidden.length > 0 }, offersHidden: hidden.length > 0 };
    }
    case 'remove_review':
      return {
        effect: { review_id: report.targetId, removed: await removeReviewForModeration(tx, report.targetId) },
        offersHidden: false,
      };
    case 'remove_message':
      return {
        effect: { message_id: report.targetId, removed: await removeMessageForModeration(tx, report.targetId) },
        offersHidden: false,
      };
    case 'suspend_account': {
      // Admins are not suspended from the queue (a chat with the support team is not suspendable either).
      if (!facts.authorId || isAdminRole(facts.authorRole)) throw notApplicable();
      const suspended = await suspendAccount(tx, facts.authorId);
      const hidden = await hideOffersForModeration(tx, { helperId: facts.authorId });
      return {
        effect: { user_id: facts.authorId, suspended: suspended !== undefined, offers_hidden: hidden.length },
        suspendedId: facts.authorId,
        newlySuspended: suspended,
        offersHidden: hidden.length > 0,
      };
    }
  }
}

/**
 * After a suspension commits: the account's upcoming bookings end under the helper-cancellation rule
 * (paid sessions refunded in full, the other parties told), then, the first time, the account is told
 * by mail — without the report, its detail or who filed it. Suspending an account already suspended
 * (another report) runs the cancellations again: they are idempotent, and finish what a crash between
 * the commit and here left.
 */
async function completeSuspension(ctx: AppContext, userId: string, newly: UserRow | undefined): Promise<void> {
  const ended = await cancelUpcomingBookingsOf(ctx, userId, suspensionMail.cancellationReason);
  ctx.log.info(
    { userId, cancelled: ended.cancelled.length, released: ended.released.length },
    'suspended account bookings ended',
  );
  if (!newly) return;
  await sendEach(
    ctx.mailer,
    ctx.log,
    [{ to: newly.email, subject: suspensionMail.subject, text: suspensionMail.text(nameOf(newly)) }],
    { userId: newly.id },
    'suspension mail not sent',
  );
}

/** POST /admin/reports/{id}/decision. */
export async function decideReport(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  input: { decision: ReportDecision; note?: string },
): Promise<AdminReport> {
  const applied = await ctx.db.transaction(async (tx) => {
    const report = await repo.lockReport(tx, id);
    if (!report) throw reportNotFound();
    if (report.status !== 'pending') throw conflict(ErrorCode.REPORT_ALREADY_DECIDED, trust.reportAlreadyDecided);
    if (!REPORT_DECISION_TARGETS[input.decision].includes(report.targetType)) throw notApplicable();
    const facts = await loadTarget(tx, report);
    const result = await applyDecision(tx, input.decision, report, facts);
    const outcome: repo.ReportOutcome = {
      status: input.decision === 'dismiss' ? 'dismissed' : 'reviewed',
      decision: input.decision,
      adminNote: input.note && input.note !== '' ? input.note : null,
      decidedBy: admin.id,
      decidedAt: new Date(),
    };
    await repo.decideReport(tx, report.id, outcome);
    const closed = input.decision === 'dismiss' ? [] : await repo.decideOtherPendingReports(tx, report, outcome);
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: `report.${input.decision}`,
      targetType: 'report',
      targetId: report.id,
      before: { status: report.status },
      after: {
        status: outcome.status,
        decision: input.decision,
        target_type: report.targetType,
        target_id: report.targetId,
        also_closed: closed,
        ...result.effect,
      },
    });
    return result;
  });
  if (applied.offersHidden) forgetOfferSearchReuse(ctx);
  if (applied.suspendedId) await completeSuspension(ctx, applied.suspendedId, applied.newlySuspended);
  return getReport(ctx, id);
}

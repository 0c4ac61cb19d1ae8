import { ErrorCode } from '#shared/error-codes.ts';
import { supportMail } from '#shared/messages/support-mail.ts';
import { support as supportMessages } from '#shared/messages/support.ts';
import { mentionsCrisis } from '#shared/rules/crisis.ts';
import { frenchLongParis } from '#shared/rules/paris-time.ts';
import type { SupportMessage, SupportMessageCreate, SupportStats } from '#shared/schemas/support.ts';
import { sendEach } from '../../adapters/mail/mailer.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor } from '../../db/client.ts';
import type { SupportMessageRow } from '../../db/schema/support.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { conflict, notFound } from '../../errors.ts';
import { runInBackground } from '../../lib/background.ts';
import { publishEvent } from '../../lib/realtime-bus.ts';
import { recordAdminAction } from '../admin/admin.service.ts';
import { findUserById } from '../users/users.service.ts';
import { toSupportMessageDto } from './support-dto.ts';
import {
  countMessages,
  findSupportMessage,
  insertResponse,
  insertSupportMessage,
  listMessages,
  listMessagesOf,
  listResponsesOf,
  lockSupportMessage,
  updateSupportMessage,
} from './support.repository.ts';

type SupportMessageStatus = SupportMessageRow['status'];
type SupportPriority = SupportMessageRow['priority'];

const messageNotFound = () => notFound(ErrorCode.SUPPORT_MESSAGE_NOT_FOUND, supportMessages.notFound);

/**
 * Spec 2 section 4: an admin moves a message to closed from any state but closed, and to in_progress
 * only from open. Nothing goes back to open, and asking for the state a message is already in is
 * refused as well (409), so two admins clicking at once learn that the other was first.
 */
export function canMoveSupportMessage(from: SupportMessageStatus, to: SupportMessageStatus): boolean {
  if (to === 'closed') return from !== 'closed';
  if (to === 'in_progress') return from === 'open';
  return false;
}

/** Support messages as DTOs, their responses loaded in one query. */
async function toDtos(db: Executor, rows: SupportMessageRow[]): Promise<SupportMessage[]> {
  const responses = await listResponsesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toSupportMessageDto(
      row,
      responses.filter((response) => response.supportMessageId === row.id),
    ),
  );
}

async function toDto(db: Executor, row: SupportMessageRow): Promise<SupportMessage> {
  const [dto] = await toDtos(db, [row]);
  if (!dto) throw messageNotFound();
  return dto;
}

/**
 * The admin consoles of every process refresh their support figures at once (the app socket tells
 * connected admins); published inside the writing transaction, so it leaves at commit.
 */
const announceActivity = (db: Executor) => publishEvent(db, { type: 'support.activity', user_ids: [] });

/**
 * POST /support/messages (login required). The priority is set here: `urgent` when the subject or the
 * message speaks of suicide, self-harm or immediate danger (src/shared/rules/crisis.ts), else
 * `normal`. Logged by id and priority only: what people write to support stays out of the logs.
 */
export async function createSupportMessage(
  ctx: AppContext,
  user: UserRow,
  body: SupportMessageCreate,
): Promise<SupportMessage> {
  const priority: SupportPriority = mentionsCrisis(`${body.subject}\n${body.message}`) ? 'urgent' : 'normal';
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertSupportMessage(tx, {
      userId: user.id,
      userName: body.user_name,
      // The account's address when it wrote: what the admin console shows. The answer itself goes to
      // the account's address of the moment (mailResponse).
      userEmail: user.email,
      subject: body.subject,
      message: body.message,
      priority,
    });
    await announceActivity(tx);
    return inserted;
  });
  ctx.log.info({ supportMessageId: row.id, priority }, 'support message received');
  return toSupportMessageDto(row, []);
}

/** GET /support/my-messages: the caller's own messages, newest first, with the responses. */
export async function listMySupportMessages(
  ctx: AppContext,
  user: UserRow,
  page: { skip: number; limit: number },
): Promise<SupportMessage[]> {
  return toDtos(ctx.db, await listMessagesOf(ctx.db, user.id, page));
}

/** GET /support/messages (admin). */
export async function listSupportMessages(
  ctx: AppContext,
  query: { status?: SupportMessageStatus; priority?: SupportPriority; skip: number; limit: number },
): Promise<SupportMessage[]> {
  return toDtos(ctx.db, await listMessages(ctx.db, query));
}

/** GET /support/messages/{id} (admin). */
export async function getSupportMessage(ctx: AppContext, id: string): Promise<SupportMessage> {
  const row = await findSupportMessage(ctx.db, id);
  if (!row) throw messageNotFound();
  return toDto(ctx.db, row);
}

/**
 * PUT /support/messages/{id} (admin): a status (spec 2 section 4) and/or a priority. The message row is
 * locked, so the transition is checked against the state another admin may just have committed. Each
 * change that happens writes its admin_audit row in the same transaction; a priority equal to the
 * current one changes nothing and writes nothing.
 */
export async function updateSupportMessageAsAdmin(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  changes: { status?: SupportMessageStatus; priority?: SupportPriority },
): Promise<SupportMessage> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockSupportMessage(tx, id);
    if (!current) throw messageNotFound();
    if (changes.status !== undefined && !canMoveSupportMessage(current.status, changes.status))
      throw conflict(ErrorCode.SUPPORT_STATUS_TRANSITION, supportMessages.transitionRefused);
    const status = changes.status;
    const priority =
      changes.priority !== undefined && changes.priority !== current.priority ? changes.priority : undefined;
    if (status === undefined && priority === undefined) return current;
    const updated = await updateSupportMessage(tx, id, { status, priority });
    const target = { adminId: admin.id, targetType: 'support_message', targetId: id } as const;
    if (status !== undefined)
      await recordAdminAction(tx, {
        ...target,
        action: 'support.status',
        before: { status: current.status },
        after: { status },
      });
    if (priority !== undefined)
      await recordAdminAction(tx, {
        ...target,
        action: 'support.priority',
        before: { priority: current.priority },
        after: { priority },
      });
    await announceActivity(tx);
    return updated;
  });
  return toDto(ctx.db, row);
}

/**
 * POST /support/messages/{id}/respond (admin). The response is stored (the author reads it in GET
 * /support/my-messages) and, after the commit, mailed to the author's account. The status is
 * left as it is: closing or taking a message in hand are the admin's own actions. A closed message
 * can still be answered (a last word after closing must not be lost).
 */
export async function respondToSupportMessage(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  responseText: string,
): Promise<SupportMessage> {
  const { message, responseId } = await ctx.db.transaction(async (tx) => {
    const current = await lockSupportMessage(tx, id);
    if (!current) throw messageNotFound();
    const response = await insertResponse(tx, { supportMessageId: id, adminId: admin.id, responseText });
    // No change but `updated_at`: a response is activity on the message.
    const touched = await updateSupportMessage(tx, id, {});
    // The audit names the response, not its text: the text is in support_responses.
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: 'support.respond',
      targetType: 'support_message',
      targetId: id,
      after: { response_id: response.id },
    });
    await announceActivity(tx);
    return { message: touched, responseId: response.id };
  });
  runInBackground(
    ctx,
    () => mailResponse(ctx, message, responseText, responseId),
    (error) => ctx.log.error({ err: error, supportMessageId: id, responseId }, 'support response mail not sent'),
  );
  return toDto(ctx.db, message);
}

/**
 * The response, mailed to the author's account at its address of the moment (changed since, it is the
 * new one; erased, the placeholder that delivers nowhere): never the author's own subject or message
 * (support-mail.ts). A refusal is logged by ids with the address masked (sendEach).
 */
async function mailResponse(
  ctx: AppContext,
  message: SupportMessageRow,
  responseText: string,
  responseId: string,
): Promise<void> {
  const author = message.userId ? await findUserById(ctx.db, message.userId) : undefined;
  if (!author) return;
  const mail = {
    to: author.email,
    subject: supportMail.subject,
    text: supportMail.text({
      // On one line: the form's name is the author's only text the mail repeats, and line breaks in
      // it would write lines of their own into a mail Appui sends.
      name: message.userName.replace(/[\s\p{Cc}]+/gu, ' ').trim(),
      sentOn: frenchLongParis(message.createdAt),
      response: responseText,
      link: `${ctx.config.publicUrl}/support`,
    }),
  };
  await sendEach(
    ctx.mailer,
    ctx.log,
    [mail],
    { supportMessageId: message.id, responseId },
    'support response mail not sent',
  );
}

/** GET /support/stats: every figure counted from the rows (high priority: urgent or high, not closed). */
export async function supportStats(ctx: AppContext): Promise<SupportStats> {
  const counts = await countMessages(ctx.db);
  return {
    total_messages: counts.total,
    open_messages: counts.open,
    in_progress_messages: counts.inProgress,
    closed_messages: counts.closed,
    high_priority_messages: counts.highPriority,
  };
}

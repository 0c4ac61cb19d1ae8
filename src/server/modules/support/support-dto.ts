import type { SupportMessage } from '#shared/schemas/support.ts';
import type { SupportMessageRow, SupportResponseRow } from '../../db/schema/support.ts';

/**
 * A support message as its author and the admins see it (spec 2 section 3). A response shows its text
 * and date, not which admin wrote it (the audit keeps that).
 */
export function toSupportMessageDto(row: SupportMessageRow, responses: SupportResponseRow[]): SupportMessage {
  return {
    id: row.id,
    user_id: row.userId,
    user_name: row.userName,
    user_email: row.userEmail,
    subject: row.subject,
    message: row.message,
    status: row.status,
    priority: row.priority,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    responses: responses.map((response) => ({
      id: response.id,
      response_text: response.responseText,
      created_at: response.createdAt.toISOString(),
    })),
  };
}

import type { z } from 'zod';
import { ChatSessionSchema, type ChatSession, type ChatSessionCreateSchema } from '#shared/schemas/chat.ts';
import { api } from '#web/lib/api-client.ts';

export type CreateChatSessionInput = z.input<typeof ChatSessionCreateSchema>;

/**
 * POST /support/chat/sessions. A guest sends a name and an e-mail, a signed-in user neither; an empty
 * subject is left out so the server gives "Support en direct" (spec 2 section 9). The answer carries
 * `session_token` this once.
 */
export function createChatSession(input: CreateChatSessionInput): Promise<ChatSession> {
  const body: CreateChatSessionInput = {};
  const subject = input.subject?.trim();
  if (subject) body.subject = subject;
  if (input.guest_name !== undefined) body.guest_name = input.guest_name.trim();
  if (input.guest_email !== undefined) body.guest_email = input.guest_email.trim();
  return api.post('/support/chat/sessions', body, { schema: ChatSessionSchema });
}

import type { Conversation, Message } from '#shared/schemas/messages.ts';

/** The helper of the fixtures' conversations (the logged-in user of most tests is the seeker). */
export const helperParty = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
  display_name: 'Camille',
  username: 'camille',
  avatar_url: null,
};
export const seekerParty = {
  id: '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  display_name: 'Paul',
  username: 'paul',
  avatar_url: null,
};

let sequence = 0;
/** A fresh uuid-shaped id, in increasing order (the order of (sent_at, id) ties). */
export function fixtureId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

/** A message as the thread's GET answers it: from the helper to the seeker unless overridden. */
export function messageFixture(overrides: Partial<Message> = {}): Message {
  return {
    id: fixtureId(),
    conversation_id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
    sender_id: helperParty.id,
    sender: { id: helperParty.id, display_name: helperParty.display_name, email: null },
    content: 'Bonjour, comment puis-je vous aider ?',
    visible: true,
    masked: false,
    removed: false,
    kind: 'text',
    sent_at: new Date(Date.now() - 60_000).toISOString(),
    crisis: false,
    ...overrides,
  };
}

/** A conversation as GET /messages/conversations answers it, seen by its seeker, chat enabled. */
export function conversationFixture(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
    offer_id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    helper_id: helperParty.id,
    user_id: seekerParty.id,
    user: seekerParty,
    helper: helperParty,
    offer: { id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', title: 'Écoute après un deuil' },
    created_at: '2030-01-01T10:00:00.000Z',
    last_message: null,
    unread_count: 0,
    chat_enabled: true,
    blocked: false,
    ...overrides,
  };
}

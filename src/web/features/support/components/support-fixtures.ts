import type { SupportMessage } from '#shared/schemas/support.ts';
import { currentUserFixture } from '#web/testing/users.ts';

/** A support message as GET /support/my-messages answers it, for component tests. */
export function supportMessageFixture(overrides: Partial<SupportMessage> = {}): SupportMessage {
  const user = currentUserFixture();
  return {
    id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
    user_id: user.id,
    user_name: 'Camille',
    user_email: user.email,
    subject: 'Remboursement de ma séance',
    message: 'Ma séance a été annulée, quand serai-je remboursée ?',
    status: 'open',
    priority: 'normal',
    created_at: '2030-01-02T09:00:00.000Z',
    updated_at: '2030-01-02T09:00:00.000Z',
    responses: [],
    ...overrides,
  };
}

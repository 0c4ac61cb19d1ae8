import { z } from 'zod';

/** A person someone blocked, as their list in /edit-profile shows it. */
export const BlockedUserSchema = z.object({
  id: z.uuid(),
  display_name: z.string().nullable(),
  username: z.string().nullable(),
  avatar_url: z.string().nullable(),
  blocked_at: z.string(),
});
export type BlockedUser = z.infer<typeof BlockedUserSchema>;

/** DELETE /users/me: the password confirms the erasure. */
export const AccountErasureSchema = z.object({ password: z.string().min(1).max(128) });

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { AVATAR_ACCEPTED_MIME_TYPES, AVATAR_MAX_BYTES } from '#shared/constants.ts';
import { profile } from '#shared/messages/profile.ts';
import { AvatarResponseSchema, type CurrentUser } from '#shared/schemas/users.ts';
import { apiUpload } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type AvatarResponse = z.infer<typeof AvatarResponseSchema>;

/** The client-side checks of spec 1 section 5 "Avatar upload"; null when the file may be sent. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!(AVATAR_ACCEPTED_MIME_TYPES as readonly string[]).includes(file.type)) return profile.unsupportedFileType;
  if (file.size > AVATAR_MAX_BYTES) return profile.fileTooLarge;
  return null;
}

/** POST /users/me/avatar, multipart with the field `file`. */
export function uploadAvatar(file: File): Promise<AvatarResponse> {
  return apiUpload('/users/me/avatar', file, { fieldName: 'file', fileName: file.name, schema: AvatarResponseSchema });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: ({ avatar_url }) =>
      queryClient.setQueryData<CurrentUser>(queryKeys.currentUser, (previous) =>
        previous ? { ...previous, avatar_url, profile_image_url: avatar_url } : previous,
      ),
  });
}

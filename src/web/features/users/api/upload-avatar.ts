import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AVATAR_ACCEPTED_MIME_TYPES, AVATAR_MAX_BYTES } from '#shared/constants.ts';
import { profile } from '#shared/messages.ts';
import type { CurrentUser } from '#shared/schemas/users.ts';
import { apiUpload } from '#web/lib/api-client.ts';
import { currentUserQueryKey } from '#web/lib/auth.tsx';

export type AvatarResponse = { success: true; avatar_url: string; message: string };

/** The client-side checks of spec 1 section 5 "Avatar upload"; null when the file may be sent. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!(AVATAR_ACCEPTED_MIME_TYPES as readonly string[]).includes(file.type)) return profile.unsupportedFileType;
  if (file.size > AVATAR_MAX_BYTES) return profile.fileTooLarge;
  return null;
}

/** POST /users/me/avatar, multipart with the field `file`. */
export function uploadAvatar(file: File): Promise<AvatarResponse> {
  return apiUpload<AvatarResponse>('/users/me/avatar', file, { fieldName: 'file', fileName: file.name });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: ({ avatar_url }) =>
      queryClient.setQueryData<CurrentUser>(currentUserQueryKey, (previous) =>
        previous ? { ...previous, avatar_url, profile_image_url: avatar_url } : previous,
      ),
  });
}

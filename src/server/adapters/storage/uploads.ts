import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploaded files live under DATA_DIR/uploads, served read-only at /uploads/ (plugins/spa.ts). With
 * several processes, DATA_DIR must be shared storage (DESIGN.md section 15).
 */
export const UPLOADS_URL_PREFIX = '/uploads/';
const AVATARS_FOLDER = 'avatars';
/** A stored name is ours only if it looks like what saveAvatar writes: never follow a path from the database. */
const AVATAR_FILE_NAME = /^[0-9a-f-]{36}-[A-Za-z0-9_-]{12,}\.webp$/;

function avatarsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', AVATARS_FOLDER);
}

/**
 * Writes an avatar as `<userId>-<random>.webp` (a new name each time, so caches never show the old
 * picture) and answers its public URL. Written to a temporary name first, then renamed: a reader
 * never sees half a file.
 */
export async function saveAvatar(dataDir: string, userId: string, webp: Buffer): Promise<string> {
  const dir = avatarsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${userId}-${randomBytes(12).toString('base64url')}.webp`;
  const temporary = path.join(dir, `.${name}.tmp`);
  await writeFile(temporary, webp, { mode: 0o644 });
  await rename(temporary, path.join(dir, name));
  return `${UPLOADS_URL_PREFIX}${AVATARS_FOLDER}/${name}`;
}

/** The file behind an avatar URL we wrote, or undefined for anything else (external or seeded URLs). */
export function avatarFilePath(dataDir: string, avatarUrl: string | null | undefined): string | undefined {
  const prefix = `${UPLOADS_URL_PREFIX}${AVATARS_FOLDER}/`;
  if (!avatarUrl?.startsWith(prefix)) return undefined;
  const name = avatarUrl.slice(prefix.length);
  return AVATAR_FILE_NAME.test(name) ? path.join(avatarsDir(dataDir), name) : undefined;
}

/** Removes a previous avatar; a file already gone is not an error. */
export async function removeAvatar(dataDir: string, avatarUrl: string | null | undefined): Promise<void> {
  const file = avatarFilePath(dataDir, avatarUrl);
  if (!file) return;
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

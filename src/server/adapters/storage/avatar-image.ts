import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AVATAR_OUTPUT_SIZE_PX } from '#shared/constants.ts';

/** What the bytes say, never the file name or the client's Content-Type (DESIGN.md section 14). */
const ACCEPTED_DETECTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** A 5 MB PNG can still decode into a huge bitmap: refuse anything above 40 megapixels. */
const MAX_INPUT_PIXELS = 40_000_000;

export async function isAcceptedAvatarImage(bytes: Buffer): Promise<boolean> {
  const detected = await fileTypeFromBuffer(bytes);
  return detected !== undefined && ACCEPTED_DETECTED_TYPES.has(detected.mime);
}

export class UnreadableImageError extends Error {}

/**
 * Re-encodes an avatar into a square WebP. Re-encoding drops anything hidden in the original
 * (scripts, polyglots) and sharp writes no metadata unless asked: EXIF and GPS are gone.
 * `rotate()` first applies the EXIF orientation, so phone photos stay upright once EXIF is dropped.
 */
export async function toAvatarWebp(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_OUTPUT_SIZE_PX, AVATAR_OUTPUT_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw new UnreadableImageError('the image could not be decoded', { cause: error });
  }
}

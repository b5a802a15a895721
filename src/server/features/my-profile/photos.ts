import { randomBytes } from 'node:crypto';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '../../../shared/contracts/caregiver-profile';
import { loadSharp } from '../../adapters/lazy-modules';
import type { FileStorage } from '../../adapters/storage';
import { payloadTooLarge, unsupportedMediaType } from '../../errors';

/** The two sizes every profile photo is kept in: the profile page and the small avatars. */
export const PHOTO_SIZES = [400, 96] as const;
export const PHOTO_FILE = /^(\d+)-([0-9a-f]{32})-(400|96)\.webp$/;
export const photoUrl = (file: string) => `/api/photos/${file}`;
const photoKey = (file: string) => `photos/${file}`;
export const photoKeyOf = (file: string) => (PHOTO_FILE.test(file) ? photoKey(file) : undefined);

/**
 * Checks a photo by its bytes (JPEG, PNG or WebP, at most 5 MB), turns it upright, crops it square and writes
 * 400 px and 96 px WebP copies without any metadata (EXIF, GPS). Returns the two file names.
 */
export async function storeProfilePhoto(
  storage: FileStorage,
  userId: number,
  buffer: Buffer,
  sniffedType: string | undefined,
): Promise<{ large: string; small: string; ms: number }> {
  if (buffer.length > PHOTO_MAX_BYTES) throw payloadTooLarge('The photo is too large. The limit is 5 MB.');
  if (!sniffedType || !(PHOTO_TYPES as readonly string[]).includes(sniffedType)) {
    throw unsupportedMediaType('A profile photo must be a JPEG, PNG or WebP image.');
  }
  const sharp = await loadSharp();
  const started = performance.now();
  const id = randomBytes(16).toString('hex');
  let outputs: Buffer[];
  try {
    // 40 megapixels is plenty for a phone photo and bounds the memory a decode may take.
    const source = sharp(buffer, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate();
    outputs = await Promise.all(
      PHOTO_SIZES.map((size) =>
        source
          .clone()
          .resize(size, size, { fit: 'cover', position: 'attention' })
          .webp({ quality: size > 100 ? 80 : 75 })
          .toBuffer(),
      ),
    );
  } catch {
    throw unsupportedMediaType('The image could not be read. Try another photo.');
  }
  const [large, small] = PHOTO_SIZES.map((size) => `${userId}-${id}-${size}.webp`);
  await storage.put(photoKey(large), outputs[0], 'image/webp');
  await storage.put(photoKey(small), outputs[1], 'image/webp');
  return { large, small, ms: Math.round(performance.now() - started) };
}

/** Removes a previous photo of ours (both sizes) once the new one is saved. */
export async function deleteProfilePhoto(storage: FileStorage, url: string | null): Promise<void> {
  const m = url ? /^\/api\/photos\/(\d+-[0-9a-f]{32})-(400|96)\.webp$/.exec(url) : null;
  if (!m) return;
  await Promise.all(PHOTO_SIZES.map((s) => storage.delete(photoKey(`${m[1]}-${s}.webp`)).catch(() => {})));
}

import type { OutputInfo } from 'sharp';
import { VISIT_MESSAGES, VISIT_PHOTO_MAX_BYTES, VISIT_PHOTO_MAX_PX } from '../../../shared/contracts/visits';
import { loadSharp } from '../../adapters/lazy-modules';
import { type FileStorage, newStorageKey } from '../../adapters/storage';
import { payloadTooLarge, unsupportedMediaType } from '../../errors';
import { IMAGE_TYPES, type Upload } from '../../plugins/uploads';

export const VISIT_PHOTO_TYPE = 'image/webp';

/**
 * The image pipeline for a visit photo (as for profile photos): the type is the bytes' (JPEG, PNG or WebP),
 * at most 8 MB; turned upright, fitted inside 1600 px and re-encoded as WebP without any metadata (EXIF,
 * GPS). Stored privately under a random key; returns the key and the stored size.
 */
export async function storeVisitPhoto(storage: FileStorage, bookingId: number, upload: Upload) {
  if (upload.buffer.length > VISIT_PHOTO_MAX_BYTES) throw payloadTooLarge(VISIT_MESSAGES.photoTooLarge);
  const sniffed = upload.sniffedType;
  if (!sniffed || !(IMAGE_TYPES as readonly string[]).includes(sniffed)) {
    throw unsupportedMediaType(VISIT_MESSAGES.photoNotImage);
  }
  const sharp = await loadSharp();
  let out: { data: Buffer; info: OutputInfo };
  try {
    // 40 megapixels is plenty for a phone photo and bounds the memory a decode may take.
    out = await sharp(upload.buffer, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(VISIT_PHOTO_MAX_PX, VISIT_PHOTO_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unsupportedMediaType(VISIT_MESSAGES.photoUnreadable);
  }
  const key = newStorageKey(`visit-photos/${bookingId}`, 'webp');
  await storage.put(key, out.data, VISIT_PHOTO_TYPE);
  return { key, width: out.info.width, height: out.info.height };
}

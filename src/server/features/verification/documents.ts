import { DOCUMENT_MAX_BYTES, type DocumentType } from '../../../shared/contracts/verification';
import { loadSharp } from '../../adapters/lazy-modules';
import { newStorageKey } from '../../adapters/storage';
import { notFound, payloadTooLarge, unsupportedMediaType } from '../../errors';
import { IMAGE_TYPES, PDF_TYPE, type Upload } from '../../plugins/uploads';
import { type VerificationPatch, verificationRepo } from './repo';
import { type Actor, assertSelfOrAdmin, documentUrl, type VerificationContext } from './status-model';
import { DOCUMENT_STEP } from './steps';

const ALLOWED: Record<DocumentType, readonly string[]> = {
  id: [...IMAGE_TYPES, PDF_TYPE],
  address: [...IMAGE_TYPES, PDF_TYPE],
  police: [...IMAGE_TYPES, PDF_TYPE],
  selfie: IMAGE_TYPES,
};
const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Re-encodes an image without its metadata (EXIF, GPS): what is stored is a clean picture. */
async function cleanImage(buffer: Buffer, type: string): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const img = sharp(buffer, { limitInputPixels: 60_000_000, failOn: 'error' }).rotate();
    if (type === 'image/png') return await img.png().toBuffer();
    if (type === 'image/webp') return await img.webp({ quality: 90 }).toBuffer();
    return await img.jpeg({ quality: 90 }).toBuffer();
  } catch {
    throw unsupportedMediaType('The image could not be read. Upload a clear photo or a PDF.');
  }
}

/** The document steps (identity, selfie, address, police record): uploads, cleaned and stored privately. */
export function createDocuments(ctx: VerificationContext) {
  const { db, storage, redo, syncUserStatus } = ctx;
  return {
    async uploadDocument(actor: Actor, type: DocumentType, upload: Upload) {
      const sniffed = upload.sniffedType;
      if (!sniffed || !ALLOWED[type].includes(sniffed)) {
        throw unsupportedMediaType(
          type === 'selfie'
            ? 'A selfie must be a photo (JPEG, PNG or WebP).'
            : 'Upload a photo (JPEG, PNG or WebP) or a PDF.',
        );
      }
      if (upload.buffer.length > DOCUMENT_MAX_BYTES)
        throw payloadTooLarge('The file is too large. The limit is 10 MB.');
      const body = sniffed === PDF_TYPE ? upload.buffer : await cleanImage(upload.buffer, sniffed);
      const key = newStorageKey(`documents/${actor.id}`, EXT[sniffed]);
      await storage.put(key, body, sniffed);
      try {
        const doc = await db.transaction(async (tx) => {
          await verificationRepo.ensure(tx, actor.id);
          const v = (await verificationRepo.findForUpdate(tx, actor.id))!;
          const row = await verificationRepo.addDocument(tx, {
            userId: actor.id,
            type,
            storageKey: key,
            contentType: sniffed,
            size: body.length,
            originalName: upload.filename,
          });
          const urlColumn =
            type === 'id'
              ? 'idDocumentUrl'
              : type === 'selfie'
                ? 'selfieUrl'
                : type === 'address'
                  ? 'addressProofUrl'
                  : null;
          const patch: VerificationPatch = {
            ...(urlColumn ? { [urlColumn]: documentUrl(row.id) } : {}),
            ...redo(v, [DOCUMENT_STEP[type]]),
          };
          await verificationRepo.update(tx, actor.id, patch);
          await syncUserStatus(tx, v, patch);
          return row;
        });
        return {
          message: 'Document uploaded successfully',
          document: {
            id: doc.id,
            type: doc.type,
            contentType: doc.contentType,
            size: doc.size,
            createdAt: doc.createdAt.toISOString(),
            url: documentUrl(doc.id),
          },
        };
      } catch (err) {
        await storage.delete(key).catch(() => {});
        throw err;
      }
    },

    /** A document's bytes, for its owner or an admin. */
    async document(actor: Actor, id: number) {
      const doc = await verificationRepo.findDocument(db, id);
      if (!doc) throw notFound('Document not found');
      assertSelfOrAdmin(actor, doc.userId);
      const body = await storage.get(doc.storageKey);
      if (!body) throw notFound('Document not found');
      return { doc, body };
    },
  };
}

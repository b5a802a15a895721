import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../errors';

export const MB = 1024 * 1024;
/** The largest file any route accepts; routes may ask for less. */
export const MAX_UPLOAD_BYTES = 10 * MB;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PDF_TYPE = 'application/pdf';

export interface Upload {
  buffer: Buffer;
  filename: string;
  /** The type the bytes say they are (never the client's claim), or undefined when unknown. */
  sniffedType: string | undefined;
  ext: string | undefined;
  fields: Record<string, string>;
}

const tooLarge = (maxBytes: number) =>
  new AppError(413, `The file is too large. The limit is ${Math.round(maxBytes / MB)} MB.`);

/** multipart/form-data with file limits; without it, uploads have nothing to parse. */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
  });
});

/**
 * Reads a multipart request holding one file (field `fileField`) and text fields in any order: the file is
 * buffered up to `maxBytes` (413 beyond), then its type is decided from its bytes.
 */
export async function readUpload(req: FastifyRequest, fileField: string, maxBytes: number): Promise<Upload> {
  if (!req.isMultipart()) {
    throw new AppError(415, 'Send the file as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; filename: string } | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || file) {
          part.file.resume();
          throw badRequest(`Send exactly one file, in the field '${fileField}'.`);
        }
        const buffer = await part.toBuffer();
        file = { buffer, filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, 'Too many files or fields in one upload. Send one file.');
    }
    if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) throw tooLarge(maxBytes);
    if (e.statusCode && e.statusCode < 500)
      throw new AppError(e.statusCode === 406 ? 415 : 400, 'Bad upload.');
    throw err;
  }
  if (!file) throw badRequest(`Choose a file to upload (field '${fileField}').`);
  if (file.buffer.length === 0) throw badRequest('The file is empty.');
  if (file.buffer.length > maxBytes) throw tooLarge(maxBytes);
  const sniffed = await fileTypeFromBuffer(file.buffer);
  return {
    buffer: file.buffer,
    filename: file.filename.slice(0, 200),
    sniffedType: sniffed?.mime,
    ext: sniffed?.ext,
    fields,
  };
}

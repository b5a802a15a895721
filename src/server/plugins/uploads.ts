import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loadFileType } from '../adapters/lazy-modules';
import { AppError, badRequest, findNul, payloadTooLarge, unsupportedMediaType } from '../errors';

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
  payloadTooLarge(`The file is too large. The limit is ${Math.round(maxBytes / MB)} MB.`);

/**
 * What a malformed or oversized multipart body becomes: 413 past a limit, 400 for a body busboy cannot
 * parse (no boundary, truncated, bad part headers), 415 for a body that is not multipart; undefined for an
 * error that is not about the upload's bytes.
 */
export function uploadErrorOf(err: unknown): AppError | undefined {
  const e = err as { code?: string; statusCode?: number; message?: string } | undefined;
  if (!e || err instanceof AppError) return undefined;
  switch (e.code) {
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return payloadTooLarge('Too many files or fields in one upload. Send one file.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(MAX_UPLOAD_BYTES);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unsupportedMediaType('Send the file as multipart/form-data.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('The upload is not valid multipart/form-data.');
  }
  // busboy's own errors carry no code: 'Multipart: Boundary not found', 'Unexpected end of form',
  // 'Malformed part header', 'Malformed content type'...
  if (/^(Multipart: |Unexpected end of |Malformed )/.test(e.message ?? '')) {
    return badRequest('The upload is not valid multipart/form-data.');
  }
  return undefined;
}

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
    throw unsupportedMediaType('Send the file as multipart/form-data.');
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
    const e = err as { code?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    const known = uploadErrorOf(err);
    if (known) throw known;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge(maxBytes);
    if (status && status < 500)
      throw status === 406 ? unsupportedMediaType('Bad upload.') : badRequest('Bad upload.');
    throw err;
  }
  // The same rule as every JSON field (plugins/errors.ts): no NUL in text.
  const nulAt = findNul(fields) ?? (file?.filename.includes('\u0000') ? 'filename' : undefined);
  if (nulAt !== undefined) throw badRequest(`Remove the NUL character (\\u0000) from ${nulAt}.`);
  if (!file) throw badRequest(`Choose a file to upload (field '${fileField}').`);
  if (file.buffer.length === 0) throw badRequest('The file is empty.');
  if (file.buffer.length > maxBytes) throw tooLarge(maxBytes);
  const sniffed = await (await loadFileType()).fileTypeFromBuffer(file.buffer);
  return {
    buffer: file.buffer,
    filename: file.filename.slice(0, 200),
    sniffedType: sniffed?.mime,
    ext: sniffed?.ext,
    fields,
  };
}

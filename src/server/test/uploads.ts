import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body for app.inject: the file first, then the fields (the order the spec's form uses). */
export function multipart(file: FilePart | null, fields: Record<string, string> = {}) {
  const boundary = `----yaadcare${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real JPEG photo of the given size, with EXIF (camera and GPS-like fields) that uploads must strip. */
export function jpegPhoto(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'SecretCam', Copyright: 'Kingston 18.0179N 76.8099W' } })
    .jpeg()
    .toBuffer();
}

export function pngImage(width = 300, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 180, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** A small, valid one-page PDF. */
export function pdfDocument(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

/** A Windows executable's first bytes: what a renamed .exe looks like. */
export function windowsExecutable(): Buffer {
  const b = Buffer.alloc(4096, 0);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}
